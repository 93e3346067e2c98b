/**
 * `baton catalog init`: a draft catalog drafted from a live PostgreSQL schema, meant to be kept.
 *
 * What it reads: the system catalogs (tables, views, partitioned tables, columns, keys, enum labels), the
 * server's TimeZone, and, for the columns it proposes as dimensions or filters, how many distinct values they hold.
 * It never reads a value of a column that looks sensitive (password, hash, token, e-mail, phone, ...), and it runs
 * in a read-only session, so it cannot write to the server.
 */
import { Client } from 'pg';
import { Document, isMap, isPair, isScalar, isSeq, visit, type YAMLMap } from 'yaml';
import { parseCatalog } from './catalog';

export class DraftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftError';
  }
}

export interface DraftOptions {
  schema?: string;
  /** ISO currency code written as the `unit` of money metrics (USD, CNY); without it the draft asks. */
  currency?: string;
  /** Also propose e-mail and phone columns (never password, hash, token, secret, key, card or SSN columns). */
  allowContactColumns?: boolean;
}

export interface Draft {
  text: string;
  /** What a person must know about the draft (tables without keys, views, left-out columns), one line each. */
  notes: string[];
}

// ------------------------------------------------------------------ what names say

/** Never proposed, and never read: credentials, card and identity numbers. */
const SECRET = /(pass(word|wd)?|pwd|hash|salt|token|secret|api_?key|private_?key|access_?key|credential|card|cvv|cvc|ssn|social_security|iban|pin_?code|^pin$)/i;
/** Personal contact data: left out by default as well. */
const CONTACT = /(e_?mail|phone|mobile|fax|cell)/i;
export function isSensitiveColumn(name: string, allowContact = false): boolean {
  return SECRET.test(name) || (!allowContact && CONTACT.test(name));
}
/** Text that is never a dimension: free text, addresses, numbers people dial, links, codes. */
const NOT_A_DIMENSION = /(address|street|addr|phone|fax|mobile|url|uri|homepage|website|web_?site|link|postal|zip|post_?code|note|comment|remark|memo|description|desc$|body|message|text$|bio|summary|content|path|file|image|photo|picture|uuid|guid|json|xml|html|hash|slug|_code$|^code$|ip_address|user_agent|composer|lyrics|special_features|fulltext)/i;
/** Never summed: identifiers, keys, codes, years and other numbers that only label a row. */
const ID_LIKE = /(^id$|_id$|^id_|_key$|_code$|^code$|_no$|_nr$|_num$|_number$|^number$|year|zip|postal|phone|_seq$|sequence|version|^rank$|_rank$|ordinal|position|line_no|lineno|milliseconds|bytes|length|duration|latitude|longitude|^lat$|^lng$|^lon$|age$)/i;
const MONEY = /(amount|total|price|revenue|sales|cost|fee|charge|paid|payment|value|gmv|subtotal|tax|balance|salary|wage|spend|income|profit|margin|turnover|freight|shipping)/i;
const QUANTITY = /(quantity|^qty$|_qty$|^units$|_units$|units_sold|items_sold|^count$|_count$)/i;
const PRICE = /(unit_?price|^price$|_price$|list_price|rate$)/i;
const DISCOUNT = /discount/i;
const CUSTOMER_KEY = /^(customer|user|client|buyer|member|account|patron|shopper|consumer)_?id$/i;
const ENTITY_NAME = /^(name|title|full_name|display_name|company|company_name|label)$/i;

/** Time columns: how likely each one is the row's business time. 0 = never (a birthday), 1 = audit only. */
function timeScore(column: string): number {
  if (/(birth|dob|birthday)/i.test(column)) return 0;
  if (/^(first|last|latest|earliest|next|prev|previous)_/i.test(column) && !/^last_?update/i.test(column)) return 3; // an entity's summary (first_order_at), not an event
  if (/(last_?update|updated|modified|deleted|synced|loaded|ingested|etl|inserted|_ts$)/i.test(column)) return 1;
  if (/(order|invoice|pay|paid|payment|rental|rent|sale|sold|transaction|txn|purchase|booking|book|ship|deliver|checkout|trade|event|visit|return|placed|settle)/i.test(column)) return 5;
  if (/^(created|created_at|create_date|creation_date|created_on)$/i.test(column)) return 2;
  return 3;
}
/** A time that follows the row's own time (paid after ordered): preferred as a money metric's booking time. */
const PAID_TIME = /(pay|paid|payment|settle)/i;
const LATER_TIME = /(pay|paid|payment|ship|deliver|complete|close|settle|refund|return)/i;
/** Status values that mark a completed sale, in order of preference. */
const DONE_STATUS = ['paid', 'completed', 'complete', 'succeeded', 'success', 'settled', 'delivered', 'fulfilled', 'closed'];

/** Whole labels with a known Chinese translation; anything else gets no label_zh (never a half translation). */
const ZH: Record<string, string> = {
  revenue: '销售额', sales: '销售额', gmv: '销售额', orders: '订单数', invoices: '发票数', payments: '支付笔数', rentals: '租赁次数',
  customers: '客户数', 'buying customers': '购买客户数', 'buying users': '购买用户数', users: '用户数', buyers: '购买用户数',
  country: '国家', 'billing country': '账单国家', city: '城市', 'billing city': '账单城市', state: '州/省', region: '区域', channel: '渠道',
  category: '品类', genre: '流派', artist: '艺术家', album: '专辑', 'media type': '媒体类型', customer: '客户', employee: '员工',
  company: '公司', status: '状态', language: '语言', rating: '分级', store: '门店', product: '商品', brand: '品牌', supplier: '供应商',
  'order amount': '订单金额', 'invoice total': '发票金额', 'average order amount': '客单价', 'average invoice total': '客单价',
  'units sold': '销量', 'items sold': '商品件数', quantity: '数量', staff: '员工', film: '影片', segment: '客户分群',
};

const words = (name: string) => name.replace(/_/g, ' ').trim();
function singular(table: string): string {
  if (/ies$/.test(table)) return table.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(table)) return table;
  if (/(ches|shes|xes|sses)$/.test(table)) return table.replace(/es$/, '');
  return table.replace(/s$/, '');
}
const plural = (noun: string) => (/y$/.test(noun) && !/[aeiou]y$/.test(noun) ? noun.replace(/y$/, 'ies') : /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`);

// ------------------------------------------------------------------ introspection

interface Col {
  name: string;
  type: string;
  /** pg_type.typcategory: N numeric, S string, D date/time, B boolean, E enum. */
  category: string;
  notNull: boolean;
  enumValues: string[] | null;
}
interface Rel {
  name: string;
  kind: 'table' | 'view' | 'partitioned';
  columns: Col[];
  pk: string[];
  unique: string[][];
}
interface Fk {
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function introspect(client: Client, schema: string): Promise<{ rels: Map<string, Rel>; fks: Fk[] }> {
  const ns = await client.query<{ oid: number }>('SELECT oid FROM pg_namespace WHERE nspname = $1', [schema]);
  if (ns.rows.length === 0) {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT DISTINCT n.nspname FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r','p','v','m')
       WHERE n.nspname NOT IN ('pg_catalog','information_schema','pg_toast') AND n.nspname NOT LIKE 'pg_temp%' ORDER BY 1`,
    );
    throw new DraftError(`schema "${schema}" does not exist in this database; schemas with tables: ${rows.map((r) => r.nspname).join(', ') || 'none'}`);
  }
  const { rows: relRows } = await client.query<{ relname: string; relkind: string }>(
    `SELECT c.relname, c.relkind FROM pg_class c WHERE c.relnamespace = $1 AND c.relkind IN ('r','p','v','m') AND NOT c.relispartition ORDER BY c.relname`,
    [ns.rows[0]!.oid],
  );
  const rels = new Map<string, Rel>();
  for (const r of relRows) rels.set(r.relname, { name: r.relname, kind: r.relkind === 'p' ? 'partitioned' : r.relkind === 'r' ? 'table' : 'view', columns: [], pk: [], unique: [] });
  const { rows: colRows } = await client.query<{ relname: string; attname: string; type: string; typcategory: string; attnotnull: boolean; enum_values: string[] | null }>(
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, t.typcategory, a.attnotnull,
            (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) AS enum_values
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
     WHERE c.relnamespace = $1 AND c.relkind IN ('r','p','v','m') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
    [ns.rows[0]!.oid],
  );
  for (const c of colRows) rels.get(c.relname)?.columns.push({ name: c.attname, type: c.type, category: c.typcategory, notNull: c.attnotnull, enumValues: c.enum_values });
  const { rows: conRows } = await client.query<{ contype: string; relname: string; cols: string[]; ref: string | null; refcols: string[] | null; same_schema: boolean }>(
    `SELECT con.contype, c.relname,
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n) AS cols,
            rc.relname AS ref, rc.relnamespace = c.relnamespace AS same_schema,
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n) AS refcols
     FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid LEFT JOIN pg_class rc ON rc.oid = con.confrelid
     WHERE c.relnamespace = $1 AND NOT c.relispartition AND con.contype IN ('p','u','f') AND con.conparentid = 0
     ORDER BY c.relname, con.conname`,
    [ns.rows[0]!.oid],
  );
  const fks: Fk[] = [];
  for (const k of conRows) {
    const rel = rels.get(k.relname);
    if (!rel) continue;
    if (k.contype === 'p') rel.pk = k.cols;
    else if (k.contype === 'u') rel.unique.push(k.cols);
    else if (k.ref && k.refcols && k.same_schema && rels.has(k.ref)) fks.push({ from: k.relname, fromColumns: k.cols, to: k.ref, toColumns: k.refcols });
  }
  return { rels, fks };
}

// ------------------------------------------------------------------ the draft

interface Noted<T> { value: T; comment?: string }

/** A draft catalog for the schema, with comments where a person must decide. */
export async function draftCatalogWithNotes(databaseUrl: string, name: string, options: DraftOptions = {}): Promise<Draft> {
  const schema = options.schema ?? 'public';
  // A read-only session: the draft cannot write to the server, whatever it runs.
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, options: '-c default_transaction_read_only=on -c statement_timeout=30000' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await draft(client, name, schema, options);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The draft's text only (see draftCatalogWithNotes). */
export async function draftCatalog(databaseUrl: string, name: string, schema = 'public', options: Omit<DraftOptions, 'schema'> = {}): Promise<string> {
  return (await draftCatalogWithNotes(databaseUrl, name, { ...options, schema })).text;
}

async function draft(client: Client, name: string, schema: string, options: DraftOptions): Promise<Draft> {
  const { rels, fks } = await introspect(client, schema);
  const database = (await client.query<{ d: string }>('SELECT current_database() AS d')).rows[0]?.d ?? name;
  if (rels.size === 0) throw new DraftError(`schema "${schema}" of database ${database} has no tables or views: nothing to draft (load your data first, or name another schema with --schema)`);
  const timezone = (await client.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]?.TimeZone ?? 'UTC';
  const notes: string[] = [];
  const sensitive: string[] = [];
  const from = (table: string) => (schema === 'public' ? q(table) : `${q(schema)}.${q(table)}`);
  const col = (rel: Rel, c: string) => rel.columns.find((x) => x.name === c);
  const isSensitive = (c: string) => isSensitiveColumn(c, options.allowContactColumns);
  for (const rel of rels.values()) for (const c of rel.columns) if (isSensitive(c.name)) sensitive.push(`${rel.name}.${c.name}`);

  // Single-column foreign keys become joins (a composite one is named in a note); self-references are left out.
  const joins = fks.filter((f) => f.fromColumns.length === 1 && f.from !== f.to);
  for (const f of fks.filter((x) => x.fromColumns.length > 1)) notes.push(`${f.from}(${f.fromColumns.join(', ')}) → ${f.to}: a composite foreign key; a join has one column on each side, so it is not drafted`);
  const keyCols = (rel: Rel) => new Set([...rel.pk, ...fks.filter((f) => f.from === rel.name).flatMap((f) => f.fromColumns)]);

  // Time columns, best first.
  const timeCols = (rel: Rel) =>
    rel.columns
      .filter((c) => c.category === 'D' && /^(date|timestamp)/.test(c.type) && timeScore(c.name) > 0)
      .map((c) => ({ c, score: timeScore(c.name) + (c.notNull ? 0.5 : 0) }))
      .sort((a, b) => b.score - a.score);
  const timeColumnOf = (rel: Rel) => timeCols(rel).find((t) => t.score >= 2)?.c;
  const numeric = (c: Col) => c.category === 'N' && !ID_LIKE.test(c.name);
  const moneyCols = (rel: Rel) => rel.columns.filter((c) => numeric(c) && !keyCols(rel).has(c.name) && MONEY.test(c.name) && !QUANTITY.test(c.name) && !DISCOUNT.test(c.name) && !isSensitive(c.name));
  const qtyCols = (rel: Rel) => rel.columns.filter((c) => numeric(c) && !keyCols(rel).has(c.name) && QUANTITY.test(c.name) && !isSensitive(c.name));

  // Fact tables: a business event with its own time (an order, an invoice, a payment, a rental), or the lines of one.
  const outgoing = (t: string) => joins.filter((j) => j.from === t);
  const headers = new Set<string>();
  for (const rel of rels.values()) {
    const best = timeCols(rel)[0];
    if (!best) continue;
    const hasMeasure = moneyCols(rel).length + qtyCols(rel).length > 0;
    if (best.score >= 5 || (best.score >= 2 && outgoing(rel.name).length > 0 && hasMeasure)) headers.add(rel.name);
  }
  /** line table → its header (the fact table whose time it takes). */
  const lines = new Map<string, string>();
  for (const rel of rels.values()) {
    if (headers.has(rel.name) || timeColumnOf(rel)) continue;
    const header = outgoing(rel.name).find((j) => headers.has(j.to));
    if (header && moneyCols(rel).length + qtyCols(rel).length > 0) lines.set(rel.name, header.to);
  }
  const facts = [...headers, ...lines.keys()];

  // The tables a fact reaches through many-to-one joins, with how many joins away they are.
  const hops = new Map<string, number>(facts.map((f) => [f, 0]));
  const queue = [...facts];
  while (queue.length > 0) {
    const t = queue.shift() as string;
    for (const j of outgoing(t)) if (!hops.has(j.to)) { hops.set(j.to, (hops.get(t) ?? 0) + 1); queue.push(j.to); }
  }
  const included = facts.length > 0 ? [...rels.keys()].filter((t) => hops.has(t)) : [...rels.keys()];
  const left = [...rels.keys()].filter((t) => !included.includes(t));
  for (const t of left) {
    const rel = rels.get(t)!;
    if (rel.kind === 'view') notes.push(`${t}: a view, left out (no fact table reaches it); views are allowed as tables: add it under tables with the primary_key that identifies a row`);
    else if (rel.pk.length === 0) notes.push(`${t}: no primary key, left out (no fact table reaches it); to use it, add it under tables and declare its primary_key`);
  }

  const distinctValues = async (t: string, c: string, limit: number): Promise<string[] | null> => {
    const { rows } = await client.query<{ v: string }>(`SELECT DISTINCT ${q(c)}::text AS v FROM ${from(t)} WHERE ${q(c)} IS NOT NULL LIMIT ${limit + 1}`);
    return rows.length > limit ? null : rows.map((r) => r.v).sort((a, b) => a.localeCompare(b));
  };
  /** A status filter (orders.status = 'paid') when a status column holds a value that marks a completed sale. */
  const statusFilter = async (t: string): Promise<{ sql: string; values: string[] } | undefined> => {
    const rel = rels.get(t)!;
    for (const c of rel.columns.filter((x) => /(^|_)status$/i.test(x.name) && (x.category === 'S' || x.category === 'E'))) {
      const values = c.enumValues ?? (await distinctValues(t, c.name, 20));
      const done = values && DONE_STATUS.find((d) => values.some((v) => v.toLowerCase() === d));
      if (values && done) return { sql: `${t}.${c.name} = '${values.find((v) => v.toLowerCase() === done)}'`, values };
    }
    return undefined;
  };
  /** The filters every metric of a fact table gets: a completed-sale status, and money above zero when some is not. */
  const filterCache = new Map<string, { filters: { sql: string; description: string }[]; notes: string[] }>();
  const headerFilters = async (t: string) => {
    const hit = filterCache.get(t);
    if (hit) return hit;
    const rel = rels.get(t)!;
    const filters: { sql: string; description: string }[] = [];
    const notes: string[] = [];
    const status = await statusFilter(t);
    if (status) {
      filters.push({ sql: status.sql, description: `${status.sql.split(' = ')[1]} ${words(t)} only` });
      notes.push(`which ${words(t)} count? drafted: ${status.sql} (values: ${status.values.join(', ')})`);
    }
    const amount = moneyCols(rel)[0];
    if (amount) {
      const negatives = (await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${from(t)} WHERE ${q(amount.name)} < 0`)).rows[0]?.n ?? '0';
      if (negatives !== '0') {
        filters.push({ sql: `${t}.${amount.name} > 0`, description: `${words(t)} with a non-positive ${words(amount.name)} excluded (data errors)` });
        notes.push(`${negatives} ${words(t)} have ${amount.name} < 0: drafted as data errors and filtered out; drop the filter if they are refunds`);
      }
    }
    const result = { filters, notes };
    filterCache.set(t, result);
    return result;
  };
  // ---- tables
  const tables: Record<string, Noted<Record<string, unknown>>> = {};
  for (const t of included) {
    const rel = rels.get(t)!;
    const def: Record<string, unknown> = { description: `One row per ${words(singular(t))}.` };
    let comment: string | undefined;
    if (rel.pk.length > 0) def.primary_key = rel.pk.length === 1 ? rel.pk[0] : rel.pk;
    else {
      const unique = rel.unique.find((u) => u.every((c) => col(rel, c)?.notNull));
      if (unique) def.primary_key = unique.length === 1 ? unique[0] : unique;
      comment = rel.kind === 'view'
        ? `a view: views have no primary key; declare the column(s) that identify a row${unique ? ' (drafted from a unique constraint)' : ''}`
        : `no primary key${unique ? '; drafted from a NOT NULL unique constraint' : ': declare the column(s) that identify a row, or a metric joined across it is refused'}`;
      notes.push(`${t}: ${comment}`);
    }
    if (rel.kind === 'partitioned') comment = 'a partitioned table: its partitions are read through it and not listed';
    const tc = timeColumnOf(rel);
    if (tc) def.time_column = tc.name;
    const checks: Record<string, unknown>[] = [];
    if (facts.includes(t)) {
      for (const m of moneyCols(rel)) checks.push({ column: m.name, rule: 'non_negative', description: `${plural(words(singular(t)))} with a negative ${words(m.name)}` });
    }
    if (tc && headers.has(t)) {
      checks.push({ column: tc.name, rule: 'not_in_future', description: `${plural(words(singular(t)))} dated in the future` });
      const later = rel.columns.find((c) => c !== tc && c.category === 'D' && LATER_TIME.test(c.name) && !LATER_TIME.test(tc.name));
      if (later) checks.push({ column: later.name, rule: 'not_before', other: tc.name, description: `${plural(words(singular(t)))} whose ${words(later.name)} precedes their ${words(tc.name)}` });
      const status = await statusFilter(t);
      const paidAt = rel.columns.find((c) => c.category === 'D' && PAID_TIME.test(c.name) && !c.notNull);
      if (status && paidAt) checks.push({ column: paidAt.name, rule: 'not_null', when: status.sql.replace(`${t}.`, ''), description: `${status.sql.split(' = ')[1]?.replace(/'/g, '')} ${words(t)} without a ${words(paidAt.name)}` });
      for (const f of outgoing(t)) {
        const c = col(rel, f.fromColumns[0] ?? '');
        if (c && !c.notNull) checks.push({ column: c.name, rule: 'not_null', description: `${words(t)} without a ${words(singular(f.to))}` });
      }
    }
    if (checks.length > 0) def.checks = checks;
    tables[t] = { value: def, comment };
  }

  // ---- time fields: each included table's own time, and every business time of a fact table.
  const timeFields: Record<string, Noted<Record<string, string>>> = {};
  const fieldOf = new Map<string, string>();
  const allTimeNames = included.flatMap((t) => rels.get(t)!.columns.filter((c) => c.category === 'D').map((c) => c.name));
  const addTimeField = (rel: Rel, c: Col, comment?: string) => {
    const key = `${rel.name}.${c.name}`;
    if (fieldOf.has(key)) return fieldOf.get(key)!;
    const id = allTimeNames.filter((n) => n === c.name).length > 1 ? `${rel.name}_${c.name}` : c.name;
    const type = c.type.startsWith('timestamp with time zone') ? 'timestamptz' : c.type === 'date' ? 'date' : 'timestamp';
    timeFields[id] = { value: { column: key, meaning: PAID_TIME.test(c.name) ? `When the ${words(singular(rel.name))} was paid.` : `The ${words(c.name)} of each ${words(singular(rel.name))}.`, type }, comment };
    fieldOf.set(key, id);
    return id;
  };
  for (const t of included) {
    const rel = rels.get(t)!;
    const tc = timeColumnOf(rel);
    if (tc) addTimeField(rel, tc);
    if (headers.has(t)) for (const { c } of timeCols(rel).filter((x) => x.score >= 5)) addTimeField(rel, c);
  }
  const audit = included.flatMap((t) => rels.get(t)!.columns.filter((c) => c.category === 'D' && timeScore(c.name) <= 1).map((c) => `${t}.${c.name}`));

  // ---- metrics
  const unit = options.currency?.toUpperCase();
  const metrics: Record<string, Noted<Record<string, unknown>>> = {};
  /** Labels, and the label itself (and its Chinese, when known) as the first aliases: the words a question uses. */
  const label = (text: string) => (ZH[text] ? { label: text, label_zh: ZH[text], aliases: [text, ZH[text]] } : { label: text, aliases: [text] });
  const dimLabel = (text: string) => {
    const l = label(text);
    return { ...l, aliases: [...new Set([text, plural(text), ...l.aliases])] };
  };
  /** A metric id not yet taken: the second fact table's buying_customers is rental_buying_customers. */
  const metricId = (id: string, table: string) => (id in metrics ? `${table}_${id}` : id);
  let revenueAsked = false;
  const revenueComment = (table: string, col: string, others: string[]) => {
    const ask = revenueAsked ? undefined : `which amount is revenue? ${others.length > 0 ? `${table} also has ${others.join(', ')}; ` : ''}rename this metric (revenue, 销售额) and add the words people use as aliases`;
    revenueAsked = true;
    return ask;
  };
  const money = (extra: Record<string, unknown>) => ({ ...extra, ...(unit ? { unit } : {}), format: unit ? 'currency' : 'number', rules: { min: 0 } });
  const lineRevenue = new Map<string, string>();

  for (const t of [...lines.keys()]) {
    const rel = rels.get(t)!;
    const header = lines.get(t)!;
    const hrel = rels.get(header)!;
    const htc = timeCols(hrel).find((x) => PAID_TIME.test(x.c.name) && x.score >= 5)?.c ?? timeColumnOf(hrel)!;
    const timeField = addTimeField(hrel, htc);
    const { filters } = await headerFilters(header);
    const s = singular(t);
    const price = moneyCols(rel).find((c) => PRICE.test(c.name));
    const qty = qtyCols(rel)[0];
    const discount = rel.columns.find((c) => c.category === 'N' && DISCOUNT.test(c.name));
    let discountIsRate = false;
    if (discount) {
      const { rows } = await client.query<{ max: string | null }>(`SELECT max(${q(discount.name)})::text AS max FROM ${from(t)}`);
      discountIsRate = rows[0]?.max !== null && Number(rows[0]?.max) <= 1;
    }
    const common = { table: t, time_field: timeField, ...(filters.length > 0 ? { filters } : {}) };
    if (price && qty) {
      const value = `${t}.${price.name} * ${t}.${qty.name}${discount && discountIsRate ? ` * (1 - ${t}.${discount.name})` : ''}`;
      const id = metricId(`${s}_revenue`, t);
      metrics[id] = {
        value: { ...label(`${words(s)} revenue`), description: `Sum of ${words(price.name)} × ${words(qty.name)}${discount && discountIsRate ? ` × (1 − ${words(discount.name)})` : ''} over ${words(t)} rows.`, ...common, expression: `SUM(${value})`, ...money({}) },
        comment: `line level: the money of each ${words(s)}${discount && !discountIsRate ? `; ${t}.${discount.name} is not a rate (above 1): subtract it if it is an amount` : ''}`,
      };
      lineRevenue.set(header, id);
      metrics[metricId(`avg_${price.name}`, t)] = {
        value: { ...label(`average ${words(price.name)}`), description: `Revenue per unit of ${words(qty.name)} (${words(s)} level).`, ...common, numerator: `SUM(${value})`, denominator: `SUM(${t}.${qty.name})`, ...money({}) },
      };
    } else {
      for (const m of moneyCols(rel)) {
        const id = metricId(`${s}_${m.name}`, t);
        metrics[id] = { value: { ...label(`${words(s)} ${words(m.name)}`), description: `Sum of ${t}.${m.name}.`, ...common, expression: `SUM(${t}.${m.name})`, ...money({}) } };
        if (!lineRevenue.has(header)) lineRevenue.set(header, id);
      }
    }
    for (const c of qtyCols(rel)) {
      const id = c.name === 'quantity' || c.name === 'qty' ? 'units_sold' : `total_${c.name}`;
      metrics[metricId(id, t)] = { value: { ...label(words(id)), description: `Sum of ${t}.${c.name}.`, ...common, expression: `SUM(${t}.${c.name})`, format: 'integer', rules: { min: 0 } } };
    }
  }

  for (const t of headers) {
    const rel = rels.get(t)!;
    const tc = timeColumnOf(rel)!;
    const paid = timeCols(rel).find((x) => PAID_TIME.test(x.c.name) && x.score >= 5)?.c;
    const booking = paid ?? tc;
    const timeField = addTimeField(rel, booking);
    const others = timeCols(rel).filter((x) => x.c !== booking && x.score >= 2).map((x) => x.c.name);
    const { filters, notes: filterNotes } = await headerFilters(t);
    const common = { table: t, time_field: timeField, ...(filters.length > 0 ? { filters } : {}) };
    const s = singular(t);
    const timeNote = others.length > 0 ? `counted by ${booking.name}${paid ? ' (booked when paid)' : ''}; ${t} also has ${others.join(', ')}` : undefined;
    const countId = plural(s);
    metrics[metricId(countId, t)] = {
      value: { ...label(words(countId)), description: `Number of ${plural(words(s))}${filters.length > 0 ? ` (${filters.map((f) => f.sql).join(' and ')})` : ''}.`, ...common, expression: 'COUNT(*)', format: 'integer', rules: { min: 0 } },
      comment: [timeNote, ...filterNotes].filter(Boolean).join('; ') || undefined,
    };
    const moneys = moneyCols(rel);
    for (const m of moneys) {
      const base = /^(total|amount|revenue|sales|value|gmv|subtotal)$/i.test(m.name) ? `${s}_${m.name}` : m.name;
      metrics[metricId(base, t)] = {
        value: { ...label(words(base)), description: `Sum of ${t}.${m.name}.`, ...common, expression: `SUM(${t}.${m.name})`, ...money({}), ...(lineRevenue.has(t) ? { finer: lineRevenue.get(t) } : {}) },
        comment: [revenueComment(t, m.name, moneys.filter((x) => x !== m).map((x) => x.name)), unit ? undefined : 'in which currency? set unit (USD, CNY, ...) and format: currency', lineRevenue.has(t) ? `finer: the same money per line; check that ${t}.${m.name} equals the sum of its lines` : undefined].filter(Boolean).join('; ') || undefined,
      };
      metrics[metricId(`avg_${base}`, t)] = {
        value: { ...label(`average ${words(base)}`), description: `Average ${t}.${m.name} per ${words(s)}.`, ...common, numerator: `SUM(${t}.${m.name})`, denominator: 'COUNT(*)', ...money({}) },
      };
    }
    for (const c of qtyCols(rel)) {
      metrics[metricId(`total_${c.name}`, t)] = { value: { ...label(`total ${words(c.name)}`), description: `Sum of ${t}.${c.name}.`, ...common, expression: `SUM(${t}.${c.name})`, format: 'integer', rules: { min: 0 } } };
    }
    const customerKey = rel.columns.find((c) => CUSTOMER_KEY.test(c.name) && !rel.pk.includes(c.name));
    if (customerKey) {
      const who = plural(customerKey.name.replace(/_?id$/i, '').toLowerCase());
      metrics[metricId(`buying_${who}`, t)] = {
        value: { ...label(`buying ${who}`), description: `Distinct ${who} with at least one ${words(s)} in the period.`, ...common, expression: `COUNT(DISTINCT ${t}.${customerKey.name})`, format: 'integer', rules: { min: 0 } },
      };
    }
  }

  // ---- dimensions: low-cardinality text and enums, booleans, and the names of what facts refer to.
  const dimensions: Record<string, Noted<Record<string, unknown>>> = {};
  const dimNames = new Set<string>();
  const addDim = (id: string, def: Record<string, unknown>, comment?: string) => {
    let key = id;
    for (let i = 2; key in dimensions || key in metrics; i++) key = `${id}_${i}`;
    dimensions[key] = { value: def, comment };
    dimNames.add(key);
  };
  for (const t of included) {
    const rel = rels.get(t)!;
    const hop = hops.get(t) ?? 0;
    const keys = keyCols(rel);
    const nameCol = rel.columns.find((c) => ENTITY_NAME.test(c.name) && c.name !== 'company' && (c.category === 'S'));
    const first = rel.columns.find((c) => /^first_?name$/i.test(c.name));
    const last = rel.columns.find((c) => /^(last_?name|surname)$/i.test(c.name));
    const entity = singular(t);
    // An entity's name: the table's dimension ("genre", "customer"), whatever its cardinality up to a thousand.
    if (hop > 0 && first && last) {
      addDim(entity, { ...dimLabel(words(entity)), expression: `${t}.${first.name} || ' ' || ${t}.${last.name}`, description: `the ${words(entity)}'s full name` });
    } else if (hop > 0 && nameCol) {
      const values = await distinctValues(t, nameCol.name, 1000);
      if (values) addDim(entity, { ...dimLabel(words(entity)), column: `${t}.${nameCol.name}`, ...(values.length <= 30 ? { values: Object.fromEntries(values.map((v) => [v, []])) } : {}) });
    }
    if (hop >= 2) continue; // further away, only the name: a genre's name, an artist's name
    for (const c of rel.columns) {
      if (keys.has(c.name) || c === nameCol || c === first || c === last || isSensitive(c.name) || NOT_A_DIMENSION.test(c.name) || ID_LIKE.test(c.name)) continue;
      if (nameCol && c.name.startsWith(`${nameCol.name}_`)) continue; // name_en beside name: the same thing translated
      if (c.category === 'B') {
        addDim(c.name, { ...dimLabel(words(c.name)), column: `${t}.${c.name}`, values: { true: [], false: [] } });
        continue;
      }
      if (c.category !== 'S' && c.category !== 'E') continue;
      const limit = ENTITY_NAME.test(c.name) ? 1000 : 100;
      const values = c.enumValues ?? (await distinctValues(t, c.name, limit));
      if (!values || values.length === 0) continue;
      const id = dimNames.has(c.name) || rels.has(c.name) ? `${t}_${c.name}` : c.name;
      addDim(id, { ...dimLabel(words(id)), column: `${t}.${c.name}`, ...(values.length <= 30 ? { values: Object.fromEntries(values.map((v) => [v, []])) } : {}) });
    }
  }

  // ---- the document, with comments where a person decides
  const plain = (rec: Record<string, Noted<Record<string, unknown>>>) => Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, v.value]));
  const catalogObject = {
    name,
    description: `The ${database} database. TODO: say what it records and in which currency.`,
    timezone,
    tables: plain(tables),
    joins: joins.filter((j) => included.includes(j.from) && included.includes(j.to)).map((j) => {
      const rel = rels.get(j.from)!;
      const oneToOne = (rel.pk.length === 1 && rel.pk[0] === j.fromColumns[0]) || rel.unique.some((u) => u.length === 1 && u[0] === j.fromColumns[0]);
      return { from: `${j.from}.${j.fromColumns[0]}`, to: `${j.to}.${j.toColumns[0]}`, ...(oneToOne ? { relationship: 'one_to_one' } : {}) };
    }),
    time_fields: plain(timeFields),
    metrics: plain(metrics),
    dimensions: plain(dimensions),
  };
  const doc = new Document(catalogObject, { aliasDuplicateObjects: false });
  const commentOn = (section: string, rec: Record<string, Noted<unknown>>) => {
    const map = doc.get(section) as YAMLMap | undefined;
    if (!map || !isMap(map)) return;
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const c = rec[key]?.comment;
      if (c && isScalar(pair.key)) pair.key.commentBefore = ` ${c}`;
    }
  };
  commentOn('tables', tables);
  commentOn('time_fields', timeFields);
  commentOn('metrics', metrics);
  commentOn('dimensions', dimensions);
  const top = doc.contents as YAMLMap;
  for (const pair of top.items) {
    if (!isScalar(pair.key)) continue;
    if (pair.key.value === 'timezone') pair.key.commentBefore = ` The server's TimeZone setting: "today" and "last month" are dates there. Set the business's zone if it differs.`;
    if (pair.key.value === 'time_fields' && audit.length > 0) pair.key.commentBefore = ` Not drafted as business time (audit or personal dates): ${audit.join(', ')}`;
    if (pair.key.value === 'metrics' && facts.length === 0) pair.key.commentBefore = ' No fact table found (no table with a business date such as an order, invoice, payment or rental date): write the metrics.';
  }
  const header = [
    `Draft metric catalog for ${database} (schema ${schema}), generated by "baton catalog init".`,
    'Decide where a comment asks, give metrics and dimensions the words people use (aliases, 中文 and English),',
    'then verify with "baton catalog check". Reference: docs/catalog.md.',
    ...(facts.length > 0 ? [`Fact tables: ${[...headers].join(', ')}${lines.size > 0 ? `; their lines: ${[...lines.keys()].join(', ')}` : ''}.`] : []),
    ...(left.length > 0 ? [`Left out (no fact table reaches them through a foreign key): ${left.join(', ')}.`] : []),
    ...(sensitive.length > 0 ? [`Sensitive columns, never proposed and never read: ${sensitive.join(', ')}.`] : []),
  ];
  doc.commentBefore = header.map((l) => ` ${l}`).join('\n');
  // Short lists on one line: aliases, keys, and the empty synonym lists of known values.
  visit(doc, { Pair: (_, pair) => { if (isPair(pair) && isScalar(pair.key) && ['aliases', 'primary_key'].includes(String(pair.key.value)) && isSeq(pair.value)) pair.value.flow = true; }, Seq: (_, seq) => { if (seq.items.length === 0) seq.flow = true; } });
  const text = doc.toString({ lineWidth: 0 });
  parseCatalog(text, '(draft)'); // the draft must load as it is
  if (facts.length === 0) notes.push('no fact table found: the draft has no metrics; write them (docs/catalog.md)');
  return { text, notes };
}
