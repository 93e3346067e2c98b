/**
 * The draft's metrics: for each line table its revenue (price × quantity, less a discount rate), average price and
 * units; for each fact table its count, money sums and averages, quantities and buying customers.
 */
import { CUSTOMER_KEY, DISCOUNT, label, PAID_TIME, plural, PRICE, singular, words } from './names';
import type { DraftSchema } from './schema';
import type { Facts, TimeFields } from './tables';
import type { Noted } from './types';

export class MetricDrafter {
  readonly metrics: Record<string, Noted<Record<string, unknown>>> = {};
  /** header table → the metric of the same money per line (its `finer`). */
  private readonly lineRevenue = new Map<string, string>();
  private revenueAsked = false;

  constructor(
    private readonly schema: DraftSchema,
    private readonly timeFields: TimeFields,
    private readonly unit: string | undefined,
  ) {}

  /** A metric id not yet taken: the second fact table's buying_customers is rental_buying_customers. */
  private metricId(id: string, table: string): string {
    return id in this.metrics ? `${table}_${id}` : id;
  }

  /** The first money metric asks which amount is revenue; the others do not ask again. */
  private revenueComment(table: string, _col: string, others: string[]): string | undefined {
    const ask = this.revenueAsked
      ? undefined
      : `which amount is revenue? ${others.length > 0 ? `${table} also has ${others.join(', ')}; ` : ''}rename this metric (revenue, 销售额) and add the words people use as aliases`;
    this.revenueAsked = true;
    return ask;
  }

  private money(extra: Record<string, unknown>): Record<string, unknown> {
    const unit = this.unit;
    return { ...extra, ...(unit ? { unit } : {}), format: unit ? 'currency' : 'number', rules: { min: 0 } };
  }

  /** Line tables first (their revenue becomes the header's `finer`), then the fact tables with their own time. */
  async draft(facts: Facts): Promise<Record<string, Noted<Record<string, unknown>>>> {
    for (const t of [...facts.lines.keys()]) await this.lineMetrics(t, facts.lines.get(t)!);
    for (const t of facts.headers) await this.headerMetrics(t);
    return this.metrics;
  }

  private async lineMetrics(t: string, header: string): Promise<void> {
    const { metrics } = this;
    const rel = this.schema.rel(t);
    const hrel = this.schema.rel(header);
    const htc = this.schema.timeCols(hrel).find((x) => PAID_TIME.test(x.c.name) && x.score >= 5)?.c ?? this.schema.timeColumnOf(hrel)!;
    const timeField = this.timeFields.add(hrel, htc);
    const { filters } = await this.schema.headerFilters(header);
    const s = singular(t);
    const price = this.schema.moneyCols(rel).find((c) => PRICE.test(c.name));
    const qty = this.schema.qtyCols(rel)[0];
    const discount = rel.columns.find((c) => c.category === 'N' && DISCOUNT.test(c.name));
    let discountIsRate = false;
    if (discount) {
      const max = await this.schema.maxValue(t, discount.name);
      discountIsRate = max !== null && Number(max) <= 1;
    }
    const common = { table: t, time_field: timeField, ...(filters.length > 0 ? { filters } : {}) };
    if (price && qty) {
      const value = `${t}.${price.name} * ${t}.${qty.name}${discount && discountIsRate ? ` * (1 - ${t}.${discount.name})` : ''}`;
      const id = this.metricId(`${s}_revenue`, t);
      metrics[id] = {
        value: {
          ...label(`${words(s)} revenue`),
          description: `Sum of ${words(price.name)} × ${words(qty.name)}${discount && discountIsRate ? ` × (1 − ${words(discount.name)})` : ''} over ${words(t)} rows.`,
          ...common,
          expression: `SUM(${value})`,
          ...this.money({}),
        },
        comment: `line level: the money of each ${words(s)}${discount && !discountIsRate ? `; ${t}.${discount.name} is not a rate (above 1): subtract it if it is an amount` : ''}`,
      };
      this.lineRevenue.set(header, id);
      metrics[this.metricId(`avg_${price.name}`, t)] = {
        value: {
          ...label(`average ${words(price.name)}`),
          description: `Revenue per unit of ${words(qty.name)} (${words(s)} level).`,
          ...common,
          numerator: `SUM(${value})`,
          denominator: `SUM(${t}.${qty.name})`,
          ...this.money({}),
        },
      };
    } else {
      for (const m of this.schema.moneyCols(rel)) {
        const id = this.metricId(`${s}_${m.name}`, t);
        metrics[id] = {
          value: {
            ...label(`${words(s)} ${words(m.name)}`),
            description: `Sum of ${t}.${m.name}.`,
            ...common,
            expression: `SUM(${t}.${m.name})`,
            ...this.money({}),
          },
        };
        if (!this.lineRevenue.has(header)) this.lineRevenue.set(header, id);
      }
    }
    for (const c of this.schema.qtyCols(rel)) {
      const id = c.name === 'quantity' || c.name === 'qty' ? 'units_sold' : `total_${c.name}`;
      metrics[this.metricId(id, t)] = {
        value: {
          ...label(words(id)),
          description: `Sum of ${t}.${c.name}.`,
          ...common,
          expression: `SUM(${t}.${c.name})`,
          format: 'integer',
          rules: { min: 0 },
        },
      };
    }
  }

  private async headerMetrics(t: string): Promise<void> {
    const { metrics, lineRevenue, unit } = this;
    const rel = this.schema.rel(t);
    const tc = this.schema.timeColumnOf(rel)!;
    const paid = this.schema.timeCols(rel).find((x) => PAID_TIME.test(x.c.name) && x.score >= 5)?.c;
    const booking = paid ?? tc;
    const timeField = this.timeFields.add(rel, booking);
    const others = this.schema
      .timeCols(rel)
      .filter((x) => x.c !== booking && x.score >= 2)
      .map((x) => x.c.name);
    const { filters, notes: filterNotes } = await this.schema.headerFilters(t);
    const common = { table: t, time_field: timeField, ...(filters.length > 0 ? { filters } : {}) };
    const s = singular(t);
    const timeNote =
      others.length > 0 ? `counted by ${booking.name}${paid ? ' (booked when paid)' : ''}; ${t} also has ${others.join(', ')}` : undefined;
    const countId = plural(s);
    metrics[this.metricId(countId, t)] = {
      value: {
        ...label(words(countId)),
        description: `Number of ${plural(words(s))}${filters.length > 0 ? ` (${filters.map((f) => f.sql).join(' and ')})` : ''}.`,
        ...common,
        expression: 'COUNT(*)',
        format: 'integer',
        rules: { min: 0 },
      },
      comment: [timeNote, ...filterNotes].filter(Boolean).join('; ') || undefined,
    };
    const moneys = this.schema.moneyCols(rel);
    for (const m of moneys) {
      const base = /^(total|amount|revenue|sales|value|gmv|subtotal)$/i.test(m.name) ? `${s}_${m.name}` : m.name;
      metrics[this.metricId(base, t)] = {
        value: {
          ...label(words(base)),
          description: `Sum of ${t}.${m.name}.`,
          ...common,
          expression: `SUM(${t}.${m.name})`,
          ...this.money({}),
          ...(lineRevenue.has(t) ? { finer: lineRevenue.get(t) } : {}),
        },
        comment:
          [
            this.revenueComment(
              t,
              m.name,
              moneys.filter((x) => x !== m).map((x) => x.name),
            ),
            unit ? undefined : 'in which currency? set unit (USD, CNY, ...) and format: currency',
            lineRevenue.has(t) ? `finer: the same money per line; check that ${t}.${m.name} equals the sum of its lines` : undefined,
          ]
            .filter(Boolean)
            .join('; ') || undefined,
      };
      metrics[this.metricId(`avg_${base}`, t)] = {
        value: {
          ...label(`average ${words(base)}`),
          description: `Average ${t}.${m.name} per ${words(s)}.`,
          ...common,
          numerator: `SUM(${t}.${m.name})`,
          denominator: 'COUNT(*)',
          ...this.money({}),
        },
      };
    }
    for (const c of this.schema.qtyCols(rel)) {
      metrics[this.metricId(`total_${c.name}`, t)] = {
        value: {
          ...label(`total ${words(c.name)}`),
          description: `Sum of ${t}.${c.name}.`,
          ...common,
          expression: `SUM(${t}.${c.name})`,
          format: 'integer',
          rules: { min: 0 },
        },
      };
    }
    const customerKey = rel.columns.find((c) => CUSTOMER_KEY.test(c.name) && !rel.pk.includes(c.name));
    if (customerKey) {
      const who = plural(customerKey.name.replace(/_?id$/i, '').toLowerCase());
      metrics[this.metricId(`buying_${who}`, t)] = {
        value: {
          ...label(`buying ${who}`),
          description: `Distinct ${who} with at least one ${words(s)} in the period.`,
          ...common,
          expression: `COUNT(DISTINCT ${t}.${customerKey.name})`,
          format: 'integer',
          rules: { min: 0 },
        },
      };
    }
  }
}
