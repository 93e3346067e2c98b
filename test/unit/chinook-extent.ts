/** An extent shaped like Chinook's data (2021-01-01 – 2025-12-22, a handful of invoices a month), for planner tests. */
import type { DataExtent, MonthCoverage } from '../../src/contracts';

/** Chinook-like months: data from the 1st in the first month, the 2nd–20th in between, ending 2025-12-22. */
export function chinookMonths(): MonthCoverage[] {
  const months: MonthCoverage[] = [];
  for (let y = 2021; y <= 2025; y++) {
    for (let m = 1; m <= 12; m++) {
      const month = `${y}-${String(m).padStart(2, '0')}`;
      months.push({
        month,
        rows: 7,
        first_day: `${month}-${y === 2021 && m === 1 ? '01' : '02'}`,
        last_day: `${month}-${month === '2025-12' ? '22' : '20'}`,
      });
    }
  }
  return months;
}
export const months = chinookMonths();
export const extent: DataExtent = {
  time_fields: {
    invoice_date: {
      time_field: 'invoice_date',
      column: 'invoice.invoice_date',
      rows: 420,
      first: '2021-01-01',
      last: '2025-12-22',
      months,
      latest_full_month: '2025-12',
      partial_months: [],
    },
  },
};
