/**
 * The keys issue 25 adds to the catalog, checked when it loads: default_period, primary_metric, ranking_only, and a
 * not_before check whose other column lies across a declared join. Each error names its line and what is allowed.
 */
import { CatalogError, parseCatalog } from '../../src/catalog/catalog';

/** A small catalog; `extra` lines go at the top level, `checks` under tables.payment, `dimension` under dimensions. */
const catalog = (parts: { top?: string; checks?: string; dimension?: string; joins?: boolean } = {}) => `name: shop
${parts.top ?? ''}
tables:
  payment:
    primary_key: payment_id
    time_column: payment_date
    checks:
${parts.checks ?? '      - { column: payment_date, rule: not_in_future }'}
  rental:
    primary_key: rental_id
    time_column: rental_date
  customer:
    primary_key: customer_id
joins:
${parts.joins === false ? '  []' : '  - { from: payment.rental_id, to: rental.rental_id }'}
time_fields:
  payment_date:
    column: payment.payment_date
    meaning: When the payment was made.
metrics:
  revenue:
    label: revenue
    description: Sum of payments.
    table: payment
    expression: SUM(payment.amount)
    time_field: payment_date
dimensions:
  customer:
    label: customer
    column: customer.name
${parts.dimension ?? ''}
`;

/** The error a catalog text fails with. */
function failure(text: string): CatalogError {
  try {
    parseCatalog(text, 'shop.yaml');
  } catch (err) {
    if (err instanceof CatalogError) return err;
    throw err;
  }
  throw new Error('the catalog loaded');
}

test('default_period: all by default, latest_full_month allowed, anything else refused with its line and the allowed values', () => {
  expect(parseCatalog(catalog()).default_period).toBe('all');
  expect(parseCatalog(catalog({ top: 'default_period: latest_full_month' })).default_period).toBe('latest_full_month');
  const err = failure(catalog({ top: 'default_period: last_month' }));
  expect(err.line).toBe(2);
  expect(err.field).toBe('default_period');
  expect(err.message).toMatch(/^catalog shop\.yaml: line 2: default_period: .*"all".*"latest_full_month"/);
});

test('primary_metric must be a metric: an unknown one is refused with its line', () => {
  expect(parseCatalog(catalog({ top: 'primary_metric: revenue' })).primary_metric).toBe('revenue');
  const err = failure(catalog({ top: 'primary_metric: revenu' }));
  expect(err.message).toBe('catalog shop.yaml: line 2: primary_metric: "revenu" is not a metric');
});

test('ranking_only is a dimension key, false by default; a value that is not a boolean is refused with its line', () => {
  expect(parseCatalog(catalog()).dimensions.customer!.ranking_only).toBe(false);
  expect(parseCatalog(catalog({ dimension: '    ranking_only: true' })).dimensions.customer!.ranking_only).toBe(true);
  const err = failure(catalog({ dimension: '    ranking_only: sometimes' }));
  expect(err.field).toBe('dimensions.customer.ranking_only');
  expect(err.line).toBe(31);
});

test('not_before across a join: other names table.column of a table a declared join reaches, or it is refused with its line', () => {
  const across = '      - { column: payment_date, rule: not_before, other: rental.rental_date }';
  expect(parseCatalog(catalog({ checks: across })).tables.payment!.checks[0]).toMatchObject({ other: 'rental.rental_date' });
  // No join from payment to rental: refused, naming the check and how to fix it.
  const unjoined = failure(catalog({ checks: across, joins: false }));
  expect(unjoined.field).toBe('tables.payment.checks.0.other');
  expect(unjoined.line).toBe(8);
  expect(unjoined.problem).toMatch(/no declared join leads from payment to rental/);
  // A table that is not declared at all.
  const unknown = failure(catalog({ checks: '      - { column: payment_date, rule: not_before, other: refund.refund_date }' }));
  expect(unknown.problem).toBe('table "refund" is not declared under tables');
  // customer is declared but no join reaches it from payment.
  const unreached = failure(catalog({ checks: '      - { column: payment_date, rule: not_before, other: customer.created_at }' }));
  expect(unreached.problem).toMatch(/no declared join leads from payment to customer/);
});

test('a time field may leave out its type (catalogs of the last release): it loads, and reads as wall time until resolved', () => {
  const loaded = parseCatalog(catalog());
  expect(loaded.time_fields.payment_date!.type).toBeUndefined();
});

test('a dimension id that is a reserved word in SQL (user, order) is refused with its line: it names a column in every query', () => {
  // Before: `user` loaded, and the per-entity queries grouped by CURRENT_USER instead of the column.
  const text = catalog().replace('  customer:\n    label: customer', '  user:\n    label: customer');
  const err = failure(text);
  expect(err.field).toBe('dimensions.user');
  expect(err.line).toBe(28);
  expect(err.problem).toMatch(/"user" is a reserved word in SQL/);
});
