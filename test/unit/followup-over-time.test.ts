/**
 * Classes a tenth blind set (eval/blind/trends-10.ts: figures over time and by rank) found, each phrased here in other
 * words than the set's. Each failed before.
 *   - a ranking of a grain's periods ("best quarter?") goes when the grain changes ("now every month");
 *   - "不按月了", "not by month any more" drop the time grain, and a trend becomes the figures;
 *   - revenue answered as track revenue while genre was kept is revenue again once genre goes;
 *   - "still", 单独拿出来 are understood.
 */
import { extent } from './chinook-extent';
import { chinook, converse, demo } from './followup-harness';

const brief = (turns: ReturnType<typeof converse>) =>
  turns.map((t) => {
    const r = t.reading;
    if (!r || t.out.kind === 'needs_clarification') return t.out.kind;
    const where = r.filters.map((f) => ` ${f.dimension}=${f.values.join('|')}`).join('');
    const by = r.group_by.length > 0 ? ` by ${r.group_by.join(',')}` : '';
    const top = r.ranking ? ` ${r.ranking.order === 'asc' ? 'bottom' : 'top'} ${r.ranking.n}` : '';
    return `${r.metrics.join(',')} ${r.window?.start ?? '-'}..${r.window?.end ?? '-'}${where}${by}${top}`;
  });

test('a ranking of periods goes when the grain changes', () => {
  const turns = converse(
    ['orders by quarter over the last 12 months', 'which quarter was the weakest?', 'now every month of the last three months'],
    demo,
    null,
  );
  expect(brief(turns)).toEqual([
    'orders 2025-11-01..2026-11-01 by quarter',
    'orders 2025-11-01..2026-11-01 by quarter bottom 1',
    'orders 2026-08-01..2026-11-01 by month',
  ]);
});

test('"不按月了" and "not by month any more" drop the grain; a trend becomes the figures', () => {
  const zh = converse(['最近6个月各月GMV的走势', '不按月了，按渠道分'], demo, null);
  expect(brief(zh)[1]).toBe('gmv 2026-05-01..2026-11-01 by channel');
  const en = converse(['invoices per month in 2023 for Germany', 'not by month any more, by city'], chinook, extent);
  expect(brief(en)[1]).toBe('orders 2023-01-01..2024-01-01 country=Germany by city');
});

test('revenue is revenue again once the genre goes; "still" and 单独拿出来 are understood', () => {
  const turns = converse(
    ['revenue by genre in 2023', 'only Jazz', 'all genres again, by quarter, still for 2023', '把德国单独拿出来，按月看'],
    chinook,
    extent,
  );
  expect(brief(turns)).toEqual([
    'track_revenue 2023-01-01..2024-01-01 by genre',
    'track_revenue 2023-01-01..2024-01-01 genre=Jazz',
    'revenue 2023-01-01..2024-01-01 by quarter',
    'revenue 2023-01-01..2024-01-01 country=Germany by month',
  ]);
});
