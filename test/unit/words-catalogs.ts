/** A catalog for the words tests that neither suite uses (test/unit/words-*.test.ts). */
import { parseCatalog } from '../../src/catalog/catalog';

/** A bookshop: money is "turnover", a units metric, a count of shoppers, and a "sub category" dimension. */
export const bookshop = parseCatalog(
  `
name: bookshop
description: An independent bookshop, one row per sale line.
timezone: UTC
tables:
  sale_line:
    description: One row per book sold on a till receipt.
    primary_key: line_id
    time_column: sold_on
time_fields:
  sold_on:
    column: sale_line.sold_on
    meaning: The day of the sale.
    type: date
metrics:
  turnover:
    label: turnover
    label_zh: 营业额
    aliases: [takings, 营业收入]
    description: Money taken at the till.
    expression: SUM(sale_line.amount)
    table: sale_line
    time_field: sold_on
    format: currency
  copies_sold:
    label: copies sold
    label_zh: 售出册数
    aliases: [books sold, 卖出的书]
    description: Copies of books sold.
    expression: SUM(sale_line.copies)
    table: sale_line
    time_field: sold_on
    format: integer
  shoppers:
    label: shoppers
    label_zh: 顾客数
    aliases: [number of customers, 购书人数]
    description: Distinct loyalty cards that bought.
    expression: COUNT(DISTINCT sale_line.card_id)
    table: sale_line
    time_field: sold_on
    format: integer
dimensions:
  sub_category:
    label: sub-category
    label_zh: 子类
    column: sale_line.sub_category
    description: The shelf a book is sold from.
    aliases: [子分类]
    values:
      Crime: [犯罪小说]
      Poetry: [诗歌]
  shop:
    label: shop
    label_zh: 门店
    column: sale_line.shop
    description: Which of the two shops.
    values:
      Leith: []
      Stockbridge: []
`,
  'bookshop.yaml',
);

/** The bookshop with a profit metric beside its turnover, and a primary_metric. */
export const withProfit = parseCatalog(
  `
name: shop_with_profit
description: Sales lines with their margin.
timezone: UTC
primary_metric: turnover
tables:
  line:
    description: One row per sale line.
    primary_key: line_id
    time_column: sold_on
time_fields:
  sold_on:
    column: line.sold_on
    meaning: The day of the sale.
    type: date
metrics:
  turnover:
    label: turnover
    label_zh: 营业额
    aliases: [sales]
    description: Money taken.
    table: line
    expression: SUM(line.amount)
    time_field: sold_on
    format: currency
  profit:
    label: profit
    label_zh: 利润
    aliases: [margin, 毛利]
    description: Amount less cost; negative on lines sold at a loss.
    table: line
    expression: SUM(line.amount - line.cost)
    time_field: sold_on
    format: currency
  unit_price:
    label: average price
    label_zh: 平均价格
    aliases: [price]
    description: Average price of a line.
    table: line
    expression: AVG(line.amount)
    time_field: sold_on
    format: currency
dimensions:
  product:
    label: product
    label_zh: 商品
    column: line.product
    description: The product sold.
    aliases: [products, item]
    values: {}
  region:
    label: region
    label_zh: 区域
    column: line.region
    description: Where it was sold.
    values:
      North: [北区]
      South: [南区]
`,
  'shop-with-profit.yaml',
);

/** Two additive money metrics and no primary_metric: a ranking without a metric implies none. */
export const twoMoney = parseCatalog(
  `
name: two_money
description: Two money metrics, no primary.
timezone: UTC
tables:
  line: { description: A line., primary_key: id, time_column: d }
time_fields:
  d: { column: line.d, meaning: The day., type: date }
metrics:
  turnover: { label: turnover, description: Money in., table: line, expression: SUM(line.amount), time_field: d, format: currency }
  refunds: { label: refunds, description: Money back., table: line, expression: SUM(line.refund), time_field: d, format: currency }
dimensions:
  shop: { label: shop, column: line.shop, description: The shop., values: { Leith: [] } }
`,
  'two-money.yaml',
);
