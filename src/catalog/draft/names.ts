/**
 * What column and table names say, for the draft (src/catalog/draft/): which columns are sensitive, which are money,
 * quantities, keys or business times, and the words (English, and Chinese where a whole label is known) a
 * question uses for them.
 */

/**
 * Abbreviations that operational schemas use for whole words (branch_nm, cust_id, daily_rate_amt, booked_ts): each
 * name is read through them (`meant`) before the patterns below judge it, and labels are written with the words.
 * Only abbreviations with one reading in a column name are here ("trans" may be a transaction or a transmission).
 */
const ABBREVIATIONS: Record<string, string> = {
  nm: 'name',
  cd: 'code',
  amt: 'amount',
  qty: 'quantity',
  dt: 'date',
  ts: 'time',
  tstamp: 'time',
  cust: 'customer',
  veh: 'vehicle',
  acq: 'acquisition',
  rsn: 'reason',
  descr: 'description',
  mgr: 'manager',
  curr: 'current',
  yr: 'year',
  pct: 'percent',
  disc: 'discount',
  mkt: 'marketing',
  mktg: 'marketing',
  nbr: 'number',
  cnt: 'count',
  avg: 'average',
  tot: 'total',
  tz: 'timezone',
  sched: 'scheduled',
  est: 'estimated',
  orig: 'original',
  src: 'source',
  ref: 'reference',
  txn: 'transaction',
  trx: 'transaction',
  pmt: 'payment',
  pymt: 'payment',
  inv: 'invoice',
  emp: 'employee',
  dept: 'department',
  prod: 'product',
  addr: 'address',
  usr: 'user',
  acct: 'account',
  bal: 'balance',
  upd: 'updated',
  ord: 'order',
  sts: 'status',
  svc: 'service',
  loc: 'location',
};

/**
 * What a column or table name means, in lower-case words joined by underscores: camelCase split, abbreviations read
 * as their words ("booked_ts" is booked_time, "cust_id" customer_id, "vat_no" vat_number; "no" only at the end).
 */
export function meant(name: string): string {
  const tokens = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\s]+/)
    .filter((t) => t !== '');
  return tokens.map((t, i) => (t === 'no' ? (i === tokens.length - 1 && i > 0 ? 'number' : t) : (ABBREVIATIONS[t] ?? t))).join('_');
}

/** Never proposed, and never read: credentials, card and identity numbers. */
const SECRET =
  /(pass(word|wd)?|pwd|hash|salt|token|secret|api_?key|private_?key|access_?key|credential|card|cvv|cvc|ssn|social_security|iban|pin_?code|^pin$)/i;
/** Personal contact data: left out by default as well. */
const CONTACT = /(e_?mail|phone|mobile|fax|cell)/i;
export function isSensitiveColumn(name: string, allowContact = false): boolean {
  return SECRET.test(name) || SECRET.test(meant(name)) || (!allowContact && (CONTACT.test(name) || CONTACT.test(meant(name))));
}
/** Text that is never a dimension: free text, addresses, numbers people dial, links, codes. */
export const NOT_A_DIMENSION =
  /(address|street|addr|phone|fax|mobile|url|uri|homepage|website|web_?site|link|postal|zip|post_?code|note|comment|remark|memo|description|desc$|body|message|text$|bio|summary|content|path|file|image|photo|picture|uuid|guid|json|xml|html|hash|slug|_code$|^code$|ip_address|user_agent|composer|lyrics|special_features|fulltext)/i;
/** Never summed: identifiers, keys, codes, years and other numbers that only label a row. */
export const ID_LIKE =
  /(^id$|_id$|^id_|_key$|_code$|^code$|_no$|_nr$|_num$|_number$|^number$|year|zip|postal|phone|_seq$|sequence|version|^rank$|_rank$|ordinal|position|line_no|lineno|milliseconds|bytes|length|duration|latitude|longitude|^lat$|^lng$|^lon$|age$)/i;
export const MONEY =
  /(amount|total|price|revenue|sales|cost|fee|charge|paid|payment|value|gmv|subtotal|tax|balance|salary|wage|spend|income|profit|margin|turnover|freight|shipping)/i;
/** Units of what a row sells: items, or the days, nights or hours a rate is charged for. */
export const QUANTITY = /(quantity|^qty$|_qty$|^units$|_units$|units_sold|items_sold|^count$|_count$|(^|_)(days|nights|hours)$)/i;
/** A price per unit: per item, or per day, night or hour of a rental or booking (daily_rate_amount × rental_days). */
export const PRICE = /(unit_?price|^price$|_price$|list_price|(^|_)rate$|(^|_)rate_amount$)/i;
export const DISCOUNT = /discount/i;
export const CUSTOMER_KEY = /^(customer|user|client|buyer|member|account|patron|shopper|consumer)_?id$/i;
export const ENTITY_NAME = /^(name|title|full_name|display_name|company|company_name|label)$/i;
/** A text column naming what a row refers to (customer_name, track, product): a dimension however many values it has. */
export const NAME_COLUMN =
  /((^|_)(name|title)$|^(customer|client|buyer|shopper|member|product|item|sku_name|track|song|album|artist|film|movie|book|vendor|supplier|seller|store|shop|brand)$)/i;
/** Money that may be negative by its nature: never a `min: 0` rule or a non_negative check. */
export const SIGNED =
  /(^|_)(profit|profits|margin|change|balance|net|delta|loss|losses|diff|difference|variance|gain|pnl|adjustment)(_|$)/i;
/** A transaction's id on its lines (order_id, invoice_no): its distinct values count the transactions. */
export const TRANSACTION_ID =
  /^(order|invoice|transaction|txn|receipt|ticket|basket|bill|sale|booking|purchase|checkout|cart|trade)_?(id|no|nr|num|number)$/i;
/** A money column that is spent rather than earned (a cost): it takes the verb "spend" instead of the revenue metric. */
export const COST = /(cost|expense|spend|fee|freight|shipping|tax|salary|wage)/i;

/** A column's word for "when" (booked_at, pickup_time, paid_on): stripped before the name is judged. */
const WHEN_SUFFIX = /_(at|on|time|date|datetime|timestamp|timestamptz|tstz|utc|local)$/;

/**
 * Time columns: how likely each one is the row's business time. 0 = never (a birthday), 1 = audit only. Judged on
 * what the name means (`meant`), so booked_ts is a booking time and upd_ts an audit one.
 */
export function timeScore(column: string): number {
  const name = meant(column);
  let stem = name;
  while (WHEN_SUFFIX.test(stem)) stem = stem.replace(WHEN_SUFFIX, '');
  if (/(birth|dob|birthday)/i.test(name)) return 0;
  if (/^(first|last|latest|earliest|next|prev|previous)_/i.test(name) && !/^last_?update/i.test(name)) return 3; // an entity's summary (first_order_at), not an event
  if (/(last_?update|updated|modified|deleted|erased|archived|purged|synced|loaded|ingested|etl|inserted|changed)/i.test(name)) return 1;
  // A planned or estimated time (scheduled_pickup_time, due_date) is not when the event happened.
  if (/(^|_)(scheduled|planned|expected|estimated|due|target|promised)(_|$)/.test(stem)) return 3;
  if (
    /(order|invoice|pay|paid|payment|rental|rent|sale|sold|transaction|purchase|booking|book|ship|deliver|checkout|trade|event|visit|return|placed|settle|pickup|pick_up|dropoff|drop_off|check_?in|check_?out)/i.test(
      stem,
    )
  )
    return 5;
  if (/^(created|create|creation)$/i.test(stem)) return 2;
  return 3;
}
/** A time that follows the row's own time (paid after ordered): preferred as a money metric's booking time. */
export const PAID_TIME = /(pay|paid|payment|settle)/i;
export const LATER_TIME = /(pay|paid|payment|ship|deliver|complete|close|settle|refund|return)/i;
/** Status values that mark a completed sale, in order of preference. */
export const DONE_STATUS = ['paid', 'completed', 'complete', 'succeeded', 'success', 'settled', 'delivered', 'fulfilled', 'closed'];

/** Whole labels with a known Chinese translation; anything else gets no label_zh (never a half translation). */
const ZH: Record<string, string> = {
  revenue: '销售额',
  sales: '销售额',
  gmv: '销售额',
  orders: '订单数',
  invoices: '发票数',
  payments: '支付笔数',
  rentals: '租赁次数',
  customers: '客户数',
  'buying customers': '购买客户数',
  'buying users': '购买用户数',
  users: '用户数',
  buyers: '购买用户数',
  country: '国家',
  'billing country': '账单国家',
  city: '城市',
  'billing city': '账单城市',
  state: '州/省',
  region: '区域',
  channel: '渠道',
  category: '品类',
  genre: '流派',
  artist: '艺术家',
  album: '专辑',
  'media type': '媒体类型',
  customer: '客户',
  employee: '员工',
  company: '公司',
  status: '状态',
  language: '语言',
  rating: '分级',
  store: '门店',
  product: '商品',
  brand: '品牌',
  supplier: '供应商',
  'order amount': '订单金额',
  'invoice total': '发票金额',
  'average order amount': '客单价',
  'average invoice total': '客单价',
  'average order value': '客单价',
  'average invoice value': '客单价',
  'units sold': '销量',
  'items sold': '商品件数',
  quantity: '数量',
  staff: '员工',
  film: '影片',
  segment: '客户分群',
};

/** A name as words for a label: its abbreviations read (`meant`), underscores as spaces. */
export const words = (name: string) => meant(name).replace(/_/g, ' ').trim();
export function singular(table: string): string {
  if (/ies$/.test(table)) return table.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(table)) return table;
  if (/(ches|shes|xes|sses)$/.test(table)) return table.replace(/es$/, '');
  return table.replace(/s$/, '');
}
export function plural(noun: string): string {
  if (/y$/.test(noun) && !/[aeiou]y$/.test(noun)) return noun.replace(/y$/, 'ies');
  if (/is$/.test(noun)) return noun.replace(/is$/, 'es'); // basis, analysis
  if (/(ss|us|x|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/s$/.test(noun)) return noun; // already a plural: pay terms, sales
  return `${noun}s`;
}

/** Labels, and the label itself (and its Chinese, when known) as the first aliases: the words a question uses. */
export const label = (text: string) =>
  ZH[text] ? { label: text, label_zh: ZH[text], aliases: [text, ZH[text]] } : { label: text, aliases: [text] };
/** A dimension's label: its aliases also hold the plural ("genres" for "genre"). */
export const dimLabel = (text: string) => {
  const l = label(text);
  return { ...l, aliases: [...new Set([text, plural(text), ...l.aliases])] };
};
