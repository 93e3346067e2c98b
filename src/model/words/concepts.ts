/**
 * The generic vocabulary that links the words people ask with to the kind of metric they mean: selling and money
 * words to money metrics, buying words to buyers and orders, counting words to counts. It is keyed on concepts (what
 * a word is about), never on a catalog's ids: a catalog's metric gets its concepts from its own label, aliases and
 * format (src/model/words/infer.ts), so any catalog that says "sales" or "销售额" is found by "how much did we sell".
 *
 * The English links are lemmas (src/model/words/lemma.ts: "sold" → sell, "purchases" → purchase), and their
 * derivations follow WordNet's derivationally related forms (sell ↔ sale, buy ↔ buyer, purchase ↔ purchaser, spend ↔
 * spending, profit ↔ profitable, loss ↔ lose). The Chinese words are matched in the text as written (the longest
 * first), since jieba cuts 单花 or 用户数 in ways a word list cannot foresee.
 */

/** What a word is about. */
export type Concept =
  | 'MONEY'
  | 'SELL'
  | 'BUY'
  | 'ORDER'
  | 'CUSTOMER'
  | 'UNIT'
  | 'AVERAGE'
  | 'COUNT'
  | 'PROFIT'
  | 'LOSS'
  | 'NONE'
  | 'PERFORMANCE'
  | 'COST'
  // Money that reached us from whoever paid: payments collected, not what was billed or sold.
  | 'PAYMENT';

/** Words for people in general: customers when the question trades ("how many people bought"), else nobody in particular. */
export const PEOPLE_WORDS: ReadonlySet<string> = new Set(['people', 'person', 'ppl']);
/** The concepts of trading that make people customers. */
export const TRADE_CONCEPTS: ReadonlySet<Concept> = new Set(['BUY', 'SELL', 'MONEY', 'ORDER']);

/** English lemmas and the concepts they carry. */
export const EN_CONCEPTS: Readonly<Record<string, readonly Concept[]>> = {
  money: ['MONEY'],
  dollar: ['MONEY'],
  usd: ['MONEY'],
  revenue: ['MONEY'],
  income: ['MONEY'],
  turnover: ['MONEY'],
  takings: ['MONEY'],
  gross: ['MONEY'],
  grossing: ['MONEY'],
  earn: ['MONEY'],
  earning: ['MONEY'],
  earnings: ['MONEY'],
  make: ['MONEY'],
  spend: ['MONEY'],
  spending: ['MONEY'],
  pay: ['MONEY'],
  amount: ['MONEY'],
  value: ['MONEY'],
  price: ['MONEY'],
  sell: ['SELL'],
  sale: ['SELL'],
  seller: ['SELL'],
  buy: ['BUY'],
  purchase: ['BUY'],
  shop: ['BUY'],
  order: ['ORDER'],
  invoice: ['ORDER'],
  transaction: ['ORDER'],
  basket: ['ORDER'],
  customer: ['CUSTOMER'],
  buyer: ['CUSTOMER'],
  purchaser: ['CUSTOMER'],
  client: ['CUSTOMER'],
  user: ['CUSTOMER'],
  shopper: ['CUSTOMER'],
  member: ['CUSTOMER'],
  renter: ['CUSTOMER'],
  guest: ['CUSTOMER'],
  patron: ['CUSTOMER'],
  learner: ['CUSTOMER'],
  student: ['CUSTOMER'],
  subscriber: ['CUSTOMER'],
  // "How many people bought", "ppl who spent": customers, beside a word of trade only (PEOPLE_WORDS).
  people: ['CUSTOMER'],
  person: ['CUSTOMER'],
  ppl: ['CUSTOMER'],
  unit: ['UNIT'],
  item: ['UNIT'],
  quantity: ['UNIT'],
  piece: ['UNIT'],
  volume: ['UNIT'],
  average: ['AVERAGE'],
  mean: ['AVERAGE'],
  avg: ['AVERAGE'],
  per: ['AVERAGE'],
  typical: ['AVERAGE'],
  number: ['COUNT'],
  count: ['COUNT'],
  payment: ['PAYMENT', 'MONEY'],
  collect: ['PAYMENT'],
  collection: ['PAYMENT'],
  receive: ['PAYMENT'],
  profit: ['PROFIT', 'MONEY'],
  profitable: ['PROFIT', 'MONEY'],
  profitability: ['PROFIT', 'MONEY'],
  margin: ['PROFIT', 'MONEY'],
  lose: ['LOSS', 'PROFIT', 'MONEY'],
  loss: ['LOSS', 'PROFIT', 'MONEY'],
  unprofitable: ['LOSS', 'PROFIT', 'MONEY'],
  without: ['NONE'],
  missing: ['NONE'],
  miss: ['NONE'],
  lack: ['NONE'],
  perform: ['PERFORMANCE'],
  performance: ['PERFORMANCE'],
  performing: ['PERFORMANCE'],
  performer: [],
};

/** English phrases that carry a concept the words alone do not ("how much" asks for an amount). */
/** Each with its concepts, and whether its words say nothing on their own ("placed an order" is not the orders). */
export const EN_PHRASES: readonly [RegExp, readonly Concept[], boolean?][] = [
  [/\bhow much\b/g, ['MONEY']],
  [/\bhow many\b/g, ['COUNT']],
  // "how much did insurers pay us", "保险公司给我们打了多少钱": what someone paid us is a payment received.
  [/\b(?:pay|pays|paid|paying)\s+us\b|给(?:我们|我司|公司|我)(?:打|付|转)了?/g, ['PAYMENT']],
  // "which vets brought in the least", "what did Munich take in": money that came in.
  [/\b(?:bring|brings|bringing|brought|take|takes|taking|took|taken|rake|rakes|raked|pull|pulls|pulled)\s+in\b/g, ['MONEY'], true],
  // "how many tracks went out": what left the shop is what was sold.
  [/\b(?:went|go|goes|gone|going)\s+out\b/g, ['SELL']],
  // "sold the most tracks", "the fewest orders": a plural noun after the superlative is counted.
  [/\b(?:most|fewest|least)\s+(?!money\b|revenue\b|sales\b|profits?\b|value\b|cash\b|dollars\b|losses\b)[a-z]+s\b/g, ['COUNT']],
  // 卖出曲目最多, 卖出的单最多, 买了课程最多: a thing sold or bought, the most of it, is counted (as "sold the most tracks").
  [/(?:卖出|售出|卖了|买了)(?!的?(?:钱|金额|收入|销售额|营收))的?[\u4e00-\u9fff]{1,3}?最多/g, ['COUNT']],
  // "placed an order": the act of buying, not a count of orders.
  [/\b(?:plac(?:e|ed|es|ing)|put|made)\s+(?:an?\s+|any\s+|their\s+|one\s+)?orders?\b/g, ['BUY'], true],
  [/\bwith no\b|\bhas no\b|\bhave no\b|\bhad no\b/g, ['NONE']],
  // "marketing spend", "ad budget", "acquisition costs": what the company spends, never what its customers spent.
  [
    /\b(?:marketing|advertising|ads?|media|promo(?:tion(?:al)?)?|campaigns?|acquisition|cac)\s+(?:spend|spending|spent|budgets?|costs?|expenses?)\b/g,
    ['COST', 'MONEY'],
    true,
  ],
];

/** Chinese words and their concepts, matched longest first in the text as written. */
export const ZH_CONCEPTS: Readonly<Record<string, readonly Concept[]>> = {
  客单价: ['AVERAGE', 'ORDER', 'MONEY'],
  销售额: ['SELL', 'MONEY'],
  销售: ['SELL'],
  销量: ['SELL', 'UNIT'],
  卖出: ['SELL'],
  卖: ['SELL'],
  售出: ['SELL'],
  售: ['SELL'],
  成交额: ['SELL', 'MONEY'],
  成交: ['SELL'],
  交易额: ['SELL', 'MONEY'],
  营业额: ['MONEY'],
  营销费用: ['COST', 'MONEY'],
  营销花费: ['COST', 'MONEY'],
  推广费用: ['COST', 'MONEY'],
  推广费: ['COST', 'MONEY'],
  广告费: ['COST', 'MONEY'],
  投放费用: ['COST', 'MONEY'],
  获客成本: ['COST', 'MONEY'],
  营收: ['MONEY'],
  收入: ['MONEY'],
  金额: ['MONEY'],
  赚钱: ['MONEY'],
  赚: ['MONEY'],
  花钱: ['MONEY'],
  花: ['MONEY'],
  消费: ['MONEY'],
  钱: ['MONEY'],
  价格: ['MONEY'],
  单价: ['MONEY', 'AVERAGE'],
  价: ['MONEY'],
  额: ['MONEY'],
  收款: ['PAYMENT', 'MONEY'],
  回款: ['PAYMENT', 'MONEY'],
  到账: ['PAYMENT', 'MONEY'],
  实收: ['PAYMENT', 'MONEY'],
  打款: ['PAYMENT', 'MONEY'],
  付款: ['PAYMENT', 'MONEY'],
  利润: ['PROFIT', 'MONEY'],
  盈利: ['PROFIT', 'MONEY'],
  毛利: ['PROFIT', 'MONEY'],
  亏损: ['LOSS', 'PROFIT', 'MONEY'],
  亏: ['LOSS', 'PROFIT', 'MONEY'],
  赔钱: ['LOSS', 'PROFIT', 'MONEY'],
  购买: ['BUY'],
  购: ['BUY'],
  买: ['BUY'],
  下单: ['BUY', 'ORDER'],
  下过单: ['BUY', 'ORDER'],
  订购: ['BUY'],
  订单: ['ORDER'],
  单: ['ORDER'],
  发票: ['ORDER'],
  笔: ['ORDER'],
  客户: ['CUSTOMER'],
  顾客: ['CUSTOMER'],
  用户: ['CUSTOMER'],
  学员: ['CUSTOMER'],
  学生: ['CUSTOMER'],
  买家: ['CUSTOMER'],
  会员: ['CUSTOMER'],
  租客: ['CUSTOMER'],
  客: ['CUSTOMER'],
  件数: ['UNIT', 'COUNT'],
  件: ['UNIT'],
  数量: ['UNIT', 'COUNT'],
  平均: ['AVERAGE'],
  每: ['AVERAGE'],
  均: ['AVERAGE'],
  多少: ['COUNT'],
  几: ['COUNT'],
  数: ['COUNT'],
  量: ['COUNT'],
  没有: ['NONE'],
  缺少: ['NONE'],
  缺: ['NONE'],
  无: ['NONE'],
  业绩: ['PERFORMANCE'],
  表现: ['PERFORMANCE'],
};

/** Words that say nothing about what is measured: never a feature of a term or a question. */
export const EN_FUNCTION_WORDS = new Set(
  `a an the of in on at for to from by with and or is are was were be been do does did have has had what which who how
  we our us you your i my me it its this that these those there their they all any each every some total overall ever
  so as into out over under than then about just only also please show tell give list find get see much many most
  more less least top bottom best worst highest lowest biggest largest smallest`.split(/\s+/),
);
export const ZH_FUNCTION_WORDS = new Set(
  `多少 的 了 吗 呢 吧 是 有 在 和 与 及 或 跟 我们 我 你 他们 一共 总共 总 请 帮 看 看看 一下 什么 哪 哪个 哪些 谁 最 多 少 高 低 好 差 大 小 得 过 个 名 位 家 种 类 首 张 这 那 其 中 里 到 从 按 各`.split(
    /\s+/,
  ),
);
