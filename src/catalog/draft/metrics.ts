/**
 * The draft's metrics: for each line table its revenue (price × quantity, less a discount rate), average price and
 * units; for each fact table its count, money sums and averages, quantities and buying customers; and where the rows
 * are lines of a transaction named by a repeated id (a flat table of order lines), the count of transactions and the
 * averages per transaction beside the per-line ones. Verbs and the primary metric are verbs.ts.
 */
import { COST, CUSTOMER_KEY, DISCOUNT, label, meant, PAID_TIME, plural, PRICE, singular, TRANSACTION_ID, words } from './names';
import type { DraftSchema } from './schema';
import type { Facts, TimeFields } from './tables';
import type { Noted } from './types';
import type { Col, Rel } from '../introspect';
import { fixed } from '../../format/numbers';

/** What a drafted metric measures, for the verbs and the primary metric (verbs.ts). */
export type MetricRole = 'revenue' | 'money' | 'cost' | 'signed' | 'buyers' | 'count' | 'transactions' | 'units' | 'average';

/** The parts every metric of a fact table shares: its table, time field and filters. */
type Common = Record<string, unknown> & { table: string; time_field: string };

export class MetricDrafter {
  readonly metrics: Record<string, Noted<Record<string, unknown>>> = {};
  /** What each metric measures, and whether its table is a fact table with its own time (a header). */
  readonly roles = new Map<string, { role: MetricRole; header: boolean }>();
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

  private add(id: string, role: MetricRole, header: boolean, value: Record<string, unknown>, comment?: string): string {
    this.metrics[id] = { value, comment };
    this.roles.set(id, { role, header });
    return id;
  }

  /** The first money metric asks which amount is revenue; the others do not ask again. */
  private revenueComment(table: string, others: string[]): string | undefined {
    const ask = this.revenueAsked
      ? undefined
      : `which amount is revenue? ${others.length > 0 ? `${table} also has ${others.join(', ')}; ` : ''}rename this metric (revenue, 销售额) and add the words people use as aliases`;
    this.revenueAsked = true;
    return ask;
  }

  /** A money metric's unit and format, and `min: 0` unless the money may be negative (a profit, a balance). */
  private money(signed = false): Record<string, unknown> {
    const unit = this.unit;
    return { ...(unit ? { unit } : {}), format: unit ? 'currency' : 'number', ...(signed ? {} : { rules: { min: 0 } }) };
  }

  /** Line tables first (their revenue becomes the header's `finer`), then the fact tables with their own time. */
  async draft(facts: Facts): Promise<Record<string, Noted<Record<string, unknown>>>> {
    for (const t of [...facts.lines.keys()]) await this.lineMetrics(t, facts.lines.get(t)!);
    for (const t of facts.headers) await this.headerMetrics(t);
    return this.metrics;
  }

  /** price × quantity (less a discount rate) and the average price per unit, when the table has both; the revenue's id. */
  private async priceRevenue(
    t: string,
    rel: Rel,
    common: Common,
    header: boolean,
  ): Promise<{ id: string; price: Col; value: string } | undefined> {
    const price = this.schema.moneyCols(rel).find((c) => PRICE.test(meant(c.name)));
    const qty = this.schema.qtyCols(rel)[0];
    if (!price || !qty) return undefined;
    const discount = rel.columns.find((c) => c.category === 'N' && DISCOUNT.test(meant(c.name)));
    let discountIsRate = false;
    if (discount) {
      const max = await this.schema.maxValue(t, discount.name);
      discountIsRate = max !== null && Number(max) <= 1;
    }
    const s = singular(t);
    const rate = discount && discountIsRate;
    const value = `${t}.${price.name} * ${t}.${qty.name}${rate ? ` * (1 - ${t}.${discount.name})` : ''}`;
    const id = this.add(
      this.metricId(`${s}_revenue`, t),
      'revenue',
      header,
      {
        ...label(`${words(s)} revenue`),
        description: `Sum of ${words(price.name)} × ${words(qty.name)}${rate ? ` × (1 − ${words(discount.name)})` : ''} over ${words(t)} rows.`,
        ...common,
        expression: `SUM(${value})`,
        ...this.money(),
      },
      `line level: the money of each ${words(s)}${discount && !discountIsRate ? `; ${t}.${discount.name} is not a rate (above 1): subtract it if it is an amount` : ''}`,
    );
    this.add(this.metricId(`avg_${price.name}`, t), 'average', header, {
      ...label(`average ${words(price.name)}`),
      description: `Revenue per unit of ${words(qty.name)} (${words(s)} level).`,
      ...common,
      numerator: `SUM(${value})`,
      denominator: `SUM(${t}.${qty.name})`,
      ...this.money(),
    });
    return { id, price, value };
  }

  private async lineMetrics(t: string, header: string): Promise<void> {
    const rel = this.schema.rel(t);
    const hrel = this.schema.rel(header);
    const htc =
      this.schema.timeCols(hrel).find((x) => PAID_TIME.test(meant(x.c.name)) && x.score >= 5)?.c ?? this.schema.timeColumnOf(hrel)!;
    const { filters } = await this.schema.headerFilters(header);
    const common: Common = { table: t, time_field: this.timeFields.add(hrel, htc), ...(filters.length > 0 ? { filters } : {}) };
    const s = singular(t);
    const revenue = await this.priceRevenue(t, rel, common, false);
    if (revenue) this.lineRevenue.set(header, revenue.id);
    else {
      for (const m of this.schema.moneyCols(rel)) {
        const signed = await this.schema.signed(t, m.name);
        const role: MetricRole = signed ? 'signed' : COST.test(meant(m.name)) ? 'cost' : 'money';
        const id = this.add(this.metricId(`${s}_${m.name}`, t), role, false, {
          ...label(`${words(s)} ${words(m.name)}`),
          description: `Sum of ${t}.${m.name}.`,
          ...common,
          expression: `SUM(${t}.${m.name})`,
          ...this.money(signed),
        });
        if (!this.lineRevenue.has(header) && role === 'money') this.lineRevenue.set(header, id);
      }
    }
    for (const c of this.schema.qtyCols(rel)) {
      const id = c.name === 'quantity' || c.name === 'qty' ? 'units_sold' : `total_${c.name}`;
      this.add(this.metricId(id, t), 'units', false, {
        ...label(words(id)),
        description: `Sum of ${t}.${c.name}.`,
        ...common,
        expression: `SUM(${t}.${c.name})`,
        format: 'integer',
        rules: { min: 0 },
      });
    }
  }

  private async headerMetrics(t: string): Promise<void> {
    const rel = this.schema.rel(t);
    const tc = this.schema.timeColumnOf(rel)!;
    const paid = this.schema.timeCols(rel).find((x) => PAID_TIME.test(meant(x.c.name)) && x.score >= 5)?.c;
    const booking = paid ?? tc;
    const others = this.schema
      .timeCols(rel)
      .filter((x) => x.c !== booking && x.score >= 2)
      .map((x) => x.c.name);
    const { filters, notes: filterNotes } = await this.schema.headerFilters(t);
    const common: Common = { table: t, time_field: this.timeFields.add(rel, booking), ...(filters.length > 0 ? { filters } : {}) };
    const s = singular(t);
    const transaction = await this.transactionId(t, rel);
    // Rows that are lines of a transaction named like the table (an orders table of order lines): the rows are lines.
    const rowsId = transaction && plural(transaction.noun) === plural(s) ? `${s}_lines` : plural(s);
    const timeNote =
      others.length > 0 ? `counted by ${booking.name}${paid ? ' (booked when paid)' : ''}; ${t} also has ${others.join(', ')}` : undefined;
    this.add(
      this.metricId(rowsId, t),
      'count',
      true,
      {
        ...label(words(rowsId)),
        description: `Number of ${rowsId === plural(s) ? plural(words(s)) : words(rowsId)}${filters.length > 0 ? ` (${filters.map((f) => f.sql).join(' and ')})` : ''}.`,
        ...common,
        expression: 'COUNT(*)',
        format: 'integer',
        rules: { min: 0 },
      },
      [timeNote, ...filterNotes].filter(Boolean).join('; ') || undefined,
    );
    const revenue = await this.priceRevenue(t, rel, common, true);
    const sums = await this.headerMoney(t, rel, common, revenue?.price);
    if (revenue) sums.unshift({ id: revenue.id, sql: revenue.value, role: 'revenue' });
    for (const c of this.schema.qtyCols(rel)) {
      this.add(this.metricId(`total_${c.name}`, t), 'units', true, {
        ...label(`total ${words(c.name)}`),
        description: `Sum of ${t}.${c.name}.`,
        ...common,
        expression: `SUM(${t}.${c.name})`,
        format: 'integer',
        rules: { min: 0 },
      });
    }
    this.buyers(t, rel, common);
    if (transaction) this.perTransaction(t, rel, common, transaction, sums);
  }

  /** Each money column's sum and average per row (a price is averaged, never summed); the sums, for per-transaction averages. */
  private async headerMoney(t: string, rel: Rel, common: Common, price: Col | undefined) {
    const s = singular(t);
    const moneys = this.schema.moneyCols(rel).filter((m) => m !== price);
    const sums: { id: string; sql: string; role: MetricRole }[] = [];
    for (const m of moneys) {
      const signed = await this.schema.signed(t, m.name);
      const role: MetricRole = signed ? 'signed' : COST.test(meant(m.name)) ? 'cost' : 'money';
      const base = /^(total|amount|revenue|sales|value|gmv|subtotal)$/i.test(meant(m.name)) ? `${s}_${m.name}` : m.name;
      const finer = this.lineRevenue.get(t);
      const comment = [
        signed
          ? undefined
          : this.revenueComment(
              t,
              moneys.filter((x) => x !== m).map((x) => x.name),
            ),
        this.unit ? undefined : 'in which currency? set unit (USD, CNY, ...) and format: currency',
        finer ? `finer: the same money per line; check that ${t}.${m.name} equals the sum of its lines` : undefined,
        signed ? `${m.name} may be negative (a loss), so no min: 0` : undefined,
      ];
      const id = this.add(
        this.metricId(base, t),
        role,
        true,
        {
          ...label(words(base)),
          description: `Sum of ${t}.${m.name}.`,
          ...common,
          expression: `SUM(${t}.${m.name})`,
          ...this.money(signed),
          ...(finer ? { finer } : {}),
        },
        comment.filter(Boolean).join('; ') || undefined,
      );
      sums.push({ id, sql: `${t}.${m.name}`, role });
      this.add(this.metricId(`avg_${base}`, t), 'average', true, {
        ...label(`average ${words(base)}`),
        description: `Average ${t}.${m.name} per ${words(s)}.`,
        ...common,
        numerator: `SUM(${t}.${m.name})`,
        denominator: 'COUNT(*)',
        ...this.money(signed),
      });
    }
    return sums;
  }

  /** Distinct customers (customer_id, user_id, ...) with a row in the period. */
  private buyers(t: string, rel: Rel, common: Common): void {
    const customerKey = rel.columns.find((c) => CUSTOMER_KEY.test(meant(c.name)) && !rel.pk.includes(c.name));
    if (!customerKey) return;
    const who = plural(meant(customerKey.name).replace(/_?id$/i, ''));
    this.add(this.metricId(`buying_${who}`, t), 'buyers', true, {
      ...label(`buying ${who}`),
      description: `Distinct ${who} with at least one ${words(singular(t))} in the period.`,
      ...common,
      expression: `COUNT(DISTINCT ${t}.${customerKey.name})`,
      format: 'integer',
      rules: { min: 0 },
    });
  }

  /**
   * A transaction's id that repeats across the rows (invoice_id on a table of invoice lines): not the table's key, not a
   * foreign key to a table of its own (whose rows are then the transactions), its values shared by several rows.
   */
  private async transactionId(t: string, rel: Rel): Promise<{ column: Col; noun: string; rows: number; distinct: number } | undefined> {
    const fks = new Set(this.schema.fks.filter((f) => f.from === t).flatMap((f) => f.fromColumns));
    for (const c of rel.columns) {
      const hit = TRANSACTION_ID.exec(meant(c.name));
      if (!hit || rel.pk.includes(c.name) || fks.has(c.name)) continue;
      const { rows, distinct } = await this.schema.repeats(t, c.name);
      if (distinct > 0 && distinct < rows) return { column: c, noun: (hit[1] ?? '').toLowerCase(), rows, distinct };
    }
    return undefined;
  }

  /** The count of distinct transactions, and each money sum and quantity per transaction (average order value). */
  private perTransaction(
    t: string,
    rel: Rel,
    common: Common,
    tx: { column: Col; noun: string; rows: number; distinct: number },
    sums: { id: string; sql: string; role: MetricRole }[],
  ): void {
    const key = `${t}.${tx.column.name}`;
    const count = plural(tx.noun);
    const per = `${fixed(tx.rows / tx.distinct, 2)} ${words(plural(singular(t)))} per ${tx.noun} on average`;
    this.add(
      this.metricId(count, t),
      'transactions',
      true,
      {
        ...label(count),
        description: `Number of distinct ${count} (${key}); each ${words(singular(t))} is one line of one.`,
        ...common,
        expression: `COUNT(DISTINCT ${key})`,
        format: 'integer',
        rules: { min: 0 },
      },
      `${tx.column.name} repeats across rows (${tx.distinct} ${count} over ${tx.rows} rows, ${per}): ${words(t)} are lines, so per-${tx.noun} averages divide by this count, not by the rows`,
    );
    sums.forEach((sum, i) => {
      const first = i === 0 && sum.role !== 'signed' && sum.role !== 'cost';
      const name = first ? `average ${tx.noun} value` : `${words(sum.id)} per ${tx.noun}`;
      this.add(this.metricId(first ? `avg_${tx.noun}_value` : `${sum.id}_per_${tx.noun}`, t), 'average', true, {
        ...label(name),
        description: `Sum of ${sum.sql} per distinct ${key}${first ? ' (not per line)' : ''}.`,
        ...common,
        numerator: `SUM(${sum.sql})`,
        denominator: `COUNT(DISTINCT ${key})`,
        ...this.money(sum.role === 'signed'),
      });
    });
    for (const q of this.schema.qtyCols(rel))
      this.add(this.metricId(`${q.name}_per_${tx.noun}`, t), 'average', true, {
        ...label(`${words(q.name)} per ${tx.noun}`),
        description: `Sum of ${t}.${q.name} per distinct ${key}.`,
        ...common,
        numerator: `SUM(${t}.${q.name})`,
        denominator: `COUNT(DISTINCT ${key})`,
        format: 'number',
      });
  }
}
