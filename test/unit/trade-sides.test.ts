/**
 * Buying and selling are one trade seen from its two sides: a question that says customers bought something asks for
 * the catalog's metric of what was sold. Chinook's "how many tracks were bought in 2024" and "who bought the most
 * tracks" were asked back (read as a count of invoices with "tracks" left over); tried here on a garden centre's
 * catalog no suite uses. Each failed before the change.
 */
import { featureNames } from '../../src/model/words/features';
import { parseCatalog } from '../../src/catalog/catalog';
import { readQuestion } from '../../src/model/rules';
import { asMeant } from '../../src/model/words/as-meant';

const garden = parseCatalog(
  `
name: garden
description: A garden centre chain, one row per till receipt line.
timezone: UTC
primary_metric: net_sales
tables:
  receipt_line:
    description: One row per item line of a till receipt.
    primary_key: line_id
    time_column: sold_at
time_fields:
  sold_at:
    column: receipt_line.sold_at
    meaning: When the receipt was rung up.
    type: date
metrics:
  net_sales:
    label: net sales
    label_zh: 净销售额
    aliases: [sales, takings]
    description: Line amounts after discounts.
    expression: SUM(receipt_line.amount)
    table: receipt_line
    time_field: sold_at
    format: currency
  plants_sold:
    label: plants sold
    label_zh: 植物销量
    aliases: [plants sold, 卖出的植物]
    description: Plants on the receipt lines.
    expression: SUM(receipt_line.quantity)
    table: receipt_line
    time_field: sold_at
    format: integer
  receipts:
    label: receipts
    label_zh: 小票数
    aliases: [purchases, number of purchases, baskets]
    description: Till receipts.
    expression: COUNT(DISTINCT receipt_line.receipt_id)
    table: receipt_line
    time_field: sold_at
    format: integer
dimensions:
  plant:
    label: plant
    label_zh: 植物
    aliases: [plants]
    column: receipt_line.plant_name
    description: The plant on the line, for rankings only.
    ranking_only: true
  store:
    label: store
    label_zh: 门店
    aliases: [stores, centre, centres]
    column: receipt_line.store
    description: The garden centre.
    values:
      Kew: []
      Hove: []
  customer:
    label: customer
    label_zh: 客户
    aliases: [customers, member, members]
    column: receipt_line.member_name
    description: The loyalty member on the receipt, for rankings only.
    ranking_only: true
`,
  'garden.yaml',
);

const read = (question: string) => {
  const r = readQuestion(asMeant(question), garden);
  return { metrics: r.metrics, groupBy: r.groupBy, topN: r.topN, filters: r.filters.map((f) => [f.dimension, ...f.values]) };
};

describe('what customers bought is what was sold', () => {
  it('counts the things bought with the metric that counts them sold', () => {
    expect(read('How many plants were bought at Hove last spring?')).toEqual({
      metrics: ['plants_sold'],
      groupBy: [],
      topN: null,
      filters: [['store', 'Hove']],
    });
    expect(read('how many plants did people buy in 2025').metrics).toEqual(['plants_sold']);
  });

  it('ranks who bought the most of them by that metric', () => {
    expect(read('Who bought the most plants this year?')).toEqual({
      metrics: ['plants_sold'],
      groupBy: ['customer'],
      topN: { n: 1, order: 'desc' },
      filters: [],
    });
  });

  it('leaves purchases and money as they were', () => {
    expect(read('how many purchases were there at Kew in 2025').metrics).toEqual(['receipts']);
    expect(read('how much did we sell in 2025').metrics).toEqual(['net_sales']);
    expect(read('who spent the most last year')).toMatchObject({ metrics: ['net_sales'], groupBy: ['customer'] });
  });
});

describe('the most of a thing sold, in Chinese', () => {
  it('counts the things (卖出…最多), as "sold the most plants" does', () => {
    // The words say a count: what the Chinook question "卖出曲目最多的五个歌手" needed (tracks sold, not track revenue).
    expect(featureNames('卖出植物最多')).toContain('COUNT');
    expect(featureNames('卖出的曲目最多')).toContain('COUNT');
    expect(featureNames('卖出的钱最多')).not.toContain('COUNT');
    expect(read('卖出植物最多的三个门店')).toMatchObject({ metrics: ['plants_sold'], groupBy: ['store'], topN: { n: 3, order: 'desc' } });
    expect(read('哪个门店卖出的销售额最多').metrics).toEqual(['net_sales']);
  });
});
