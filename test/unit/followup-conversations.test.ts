/**
 * The blind conversation cases (eval/conversations, written with hand-written SQL by another author) read offline at
 * the reading level: each turn goes to the follow-up reader with the thread of the last answered turn, its question is
 * planned by the real rules planner, and the planned reading is compared with the query the turn's SQL is written to
 * (captured by replacing the SQL runners with recorders: metric, period, filters, breakdown, ranking, the two periods
 * of a comparison, a why's periods and decomposing dimension). A turn that must ask back must not be answered.
 */
import type { QuestionReading } from '../../src/contracts';
import { classifyIntent, planQuestion } from '../../src/model/rules';
import type { EvalContext } from '../../eval/cases';
import { CHINOOK_CONVERSATIONS } from '../../eval/conversations/chinook';
import { DEMO_CONVERSATIONS } from '../../eval/conversations/demo';
import { BLIND_CHINOOK_CONVERSATIONS } from '../../eval/blind/chinook';
import { BLIND_DEMO_CONVERSATIONS } from '../../eval/blind/demo';
import { BLIND_CHINOOK_LEFT_OUT } from '../../eval/blind/chinook-left-out';
import { BLIND_CHINOOK_ANALYST } from '../../eval/blind/chinook-analyst';
import { BLIND_CHINOOK_FOLLOWUPS_2 } from '../../eval/blind/chinook-followups-2';
import { BLIND_CHINOOK_FOLLOWUPS_3 } from '../../eval/blind/chinook-followups-3';
import { BLIND_DEMO_FOLLOWUPS } from '../../eval/blind/demo-followups';
import { BLIND_FOLLOWUPS_8 } from '../../eval/blind/followups-8';
import { BLIND_SHARES_9 } from '../../eval/blind/shares-9';
import { BLIND_TRENDS_10 } from '../../eval/blind/trends-10';
import { BLIND_MEMBERS_11 } from '../../eval/blind/members-11';
import type * as Sql from '../../eval/conversations/sql';
import type { Period, Query } from '../../eval/conversations/sql';
import type { Conversation } from '../../eval/conversations/types';
import { extent } from './chinook-extent';
import { AS_OF, chinook, converse, demo } from './followup-harness';

type Spec =
  | { ask: Query }
  | { share: Query }
  | { compare: { q: Omit<Query, 'period'>; periods: Record<string, Period> } }
  | { why: { q: Query & { by: string }; before: Period; after: Period } };

jest.mock('../../eval/conversations/sql', () => {
  const real = jest.requireActual<typeof Sql>('../../eval/conversations/sql');
  return {
    ...real,
    ask: (_c: unknown, _d: unknown, q: Query) => Promise.resolve({ ask: q }),
    share: (_c: unknown, _d: unknown, q: Query) => Promise.resolve({ share: q }),
    compare: (_c: unknown, _d: unknown, q: Query, periods: Record<string, Period>) => Promise.resolve({ compare: { q, periods } }),
    why: (_c: unknown, _d: unknown, q: Query, before: Period, after: Period) => Promise.resolve({ why: { q, before, after } }),
  };
});

/** The SQL's metric names where they differ from the catalog's ids. */
const METRIC_IDS: Record<string, string> = { customers: 'buying_customers' };
const GRAINS = ['year', 'quarter', 'month'];
const ctx = { db: null, last: '2026-10', previous: '2026-09', sixAgo: '2026-05' } as unknown as EvalContext;

/** The members a query keeps, per dimension: those `where` names, less those `exclude` leaves out (of every value the catalog lists). */
function filtersOf(q: Pick<Query, 'where' | 'exclude'>, catalog: typeof chinook): string {
  const kept = new Map(Object.entries(q.where ?? {}));
  for (const [d, out] of Object.entries(q.exclude ?? {})) {
    const from = kept.get(d) ?? Object.keys(catalog.dimensions[d]?.values ?? {});
    kept.set(
      d,
      from.filter((v) => !out.includes(v)),
    );
  }
  return [...kept]
    .map(([d, vs]) => `${d}=${[...vs].sort().join('|')}`)
    .sort()
    .join(',');
}
const windowOf = (p: Period | undefined) => (p ? `${p[0]}..${p[1]}` : 'all');

/** The spec in the words of a reading: metric, window, compared with, filters, breakdown, ranking. */
function wanted(spec: Spec, catalog: typeof chinook): string {
  if ('ask' in spec || 'share' in spec) {
    const q = 'ask' in spec ? spec.ask : spec.share;
    const rank = q.top ? ` ${q.top.order ?? 'desc'}${q.top.n}:${q.by}` : '';
    const share = 'share' in spec ? 'share of ' : '';
    return `${share}${METRIC_IDS[q.metric] ?? q.metric} ${windowOf(q.period)} [${filtersOf(q, catalog)}] /${q.by ?? ''}${rank}`;
  }
  if ('compare' in spec) {
    const [before, after] = Object.values(spec.compare.periods).sort((a, b) => a[0].localeCompare(b[0]));
    return `${spec.compare.q.metric} ${windowOf(after)} vs ${windowOf(before)} [${filtersOf(spec.compare.q, catalog)}] /`;
  }
  const { q, before, after } = spec.why;
  return `${q.metric} ${windowOf(after)} vs ${windowOf(before)} [${filtersOf(q, catalog)}] / why by ${q.by}`;
}

function got(r: QuestionReading, asked: string, catalog: typeof chinook): string {
  const w = (x: QuestionReading['window']) => (!x ? '-' : x.source === 'all_time' ? 'all' : `${x.start}..${x.end}`);
  // A filter that leaves values out keeps every other value the catalog lists (the SQL names them).
  const kept = (x: QuestionReading['filters'][number]) =>
    x.exclude ? Object.keys(catalog.dimensions[x.dimension]?.values ?? {}).filter((v) => !x.values.includes(v)) : x.values;
  const f = r.filters
    .map((x) => `${x.dimension}=${[...kept(x)].sort().join('|')}`)
    .sort()
    .join(',');
  const dims = r.group_by.filter((g) => !GRAINS.includes(g) || g === r.grain);
  const rank = r.ranking ? ` ${r.ranking.order}${r.ranking.n}:${r.ranking.by}` : '';
  const head = `${r.share ? 'share of ' : ''}${r.metrics.join('+')} ${w(r.window)}${r.compared_with ? ` vs ${w(r.compared_with)}` : ''} [${f}] /${dims.join(',')}${rank}`;
  const intent = classifyIntent(asked);
  if (intent.intent !== 'attribution') return head;
  const plan = planQuestion(asked, intent, catalog, AS_OF, [], catalog === chinook ? extent : null);
  const first = plan.kind === 'plan' ? plan.steps.find((s) => s.operation.kind === 'change_decomposition') : undefined;
  const by = first && first.operation.kind === 'change_decomposition' ? first.operation.dimension : '-';
  return `${head} why by ${by}`;
}

interface Row {
  id: string;
  say: string;
  want: string;
  got: string;
  exact: boolean;
  /** Answered (planned with the reading it expected) with another reading than the turn's SQL: a guess as an answer. */
  wrongAnswer: boolean;
}

async function rowsOf(c: Conversation): Promise<Row[]> {
  const catalog = c.database === 'chinook' ? chinook : demo;
  const read = converse(
    c.turns.map((t) => t.say),
    catalog,
    c.database === 'chinook' ? extent : null,
  );
  const rows: Row[] = [];
  for (const [i, t] of c.turns.entries()) {
    const r = read[i];
    if (!r) continue;
    const answered = r.reading !== null && r.differences.length === 0 && r.out.kind !== 'needs_clarification';
    const want = 'sql' in t.expect ? wanted((await t.expect.sql(ctx)) as unknown as Spec, catalog) : 'asked back';
    const have = answered && r.reading && r.asked ? got(r.reading, r.asked, catalog) : 'asked back';
    rows.push({ id: c.id, say: t.say, want, got: have, exact: want === have, wrongAnswer: answered && want !== have });
  }
  return rows;
}

const SETS: [string, Conversation[], number][] = [
  ['the committed conversations', [...CHINOOK_CONVERSATIONS, ...DEMO_CONVERSATIONS], 70],
  ['the blind sets (eval/blind)', [...BLIND_CHINOOK_CONVERSATIONS, ...BLIND_DEMO_CONVERSATIONS], 70],
  ['the blind set of values left out (eval/blind/chinook-left-out.ts)', BLIND_CHINOOK_LEFT_OUT, 27],
  ['the blind set of analysts as they type (eval/blind/chinook-analyst.ts)', BLIND_CHINOOK_ANALYST, 30],
];

test.each(SETS)('%s read as their SQL is written, and no turn is answered with another reading', async (_name, set, atLeast) => {
  const rows = (await Promise.all(set.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  const exact = rows.length - misses.length;
  console.log(
    `${exact}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(atLeast);
  expect(rows.filter((r) => r.wrongAnswer).map((r) => `${r.say}: ${r.got} (want ${r.want})`)).toEqual([]);
  expect(exact / rows.length).toBeGreaterThanOrEqual(0.95);
});

/**
 * The fifth blind set (2026-12-03, evening) read 17 of 43 turns as meant when it was written. After the classes it
 * found were fixed (tested in other words in followup-executives.test.ts and followup-after-a-why.test.ts) it reads 33;
 * what is left:
 *   - two filters lifted after a why ("把加拿大这个条件去掉", "Brazil 的 filter 去掉吧"): the writer read them against the
 *     view the why was asked of; Baton lifts the filter from the why, as each of three other readers who had not seen
 *     the rules read the same kind of message (docs/follow-ups.md, "After a why"). "Break the Q1 figure down by country",
 *     which all three read as the figure, is now the figure;
 *   - a typo in a conversation's first message ("rev by conutry for 2021 pls"): asked back with "country" offered,
 *     and the rest of that conversation, which leans on it, with it.
 * The floor holds what it reads now; the two lifted filters are the only turns answered otherwise than the writer meant.
 */
test('the fifth blind set (eval/blind/chinook-followups-2.ts): 33 of 43, and only two filters lifted from a why read otherwise', async () => {
  const rows = (await Promise.all(BLIND_CHINOOK_FOLLOWUPS_2.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(43);
  expect(rows.length - misses.length).toBeGreaterThanOrEqual(33);
  expect(rows.filter((r) => r.wrongAnswer).map((r) => r.say)).toEqual(['把加拿大这个条件去掉', 'OK，Brazil 的 filter 去掉吧']);
  expect(rows.filter((r) => r.wrongAnswer).every((r) => r.got.includes(' why by '))).toBe(true);
});

/**
 * The sixth blind set (2026-12-03, night: a marketing manager, a finance controller, a Chinese catalogue manager, a
 * code-switching team lead; 58 turns) read 21 of 58 as meant when it was written. The classes it found are fixed and
 * tested in other words (followup-business-chat.test.ts); it reads 52 now. "zoom in on the US and split that by city?"
 * after a why, and "And what does the same picture look like for Canada?" after it, are read as the writer meant since
 * two changes at once after a why ask for figures (docs/follow-ups.md, "After a why"). What is left:
 *   - two turns after a why that change one filter, which the writer read against the view the why was asked of and
 *     Baton, with the three readers of eval/blind/after-a-why-readers.md, reads as a change to the why ("Restrict to
 *     USA.", "Drop the USA filter.");
 *   - "FY2024" after "FY2025 (calendar)": a fiscal year alone is asked back, and the two turns after it are answered on
 *     the thread as it stood (2025);
 *   - "不按流派了，按媒体类型分" keeps the thread's top 5 over four media types: the same four rows as the writer's.
 */
test('the sixth blind set (eval/blind/chinook-followups-3.ts): 52 of 58', async () => {
  const rows = (await Promise.all(BLIND_CHINOOK_FOLLOWUPS_3.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(58);
  expect(rows.length - misses.length).toBeGreaterThanOrEqual(52);
  expect(rows.filter((r) => r.wrongAnswer).map((r) => r.say)).toEqual([
    'Invoice count instead.',
    'Split by account manager, not by quarter.',
    'Restrict to USA.',
    'Drop the USA filter.',
    '不按流派了，按媒体类型分',
  ]);
});

/**
 * The seventh blind set (2026-12-04, on the demo shop: an operations manager in Chinese chat, a category manager, a
 * growth analyst mixing languages, a regional director; 54 turns) read 29 of 54 as meant when it was written, and
 * answered "What was our marketing spend in 西南 last month?" with GMV. The classes it found are fixed and tested in
 * other words (followup-business-chat.test.ts, "on the demo shop"); it reads 49 now. What is left are three readings
 * the writer chose where Baton has its own stated rule, each answered with its reading on the first line:
 *   - "哪几个品类卖得最好" ranks by items sold (卖 counts what was sold), the writer by GMV (twice: the turn after it too);
 *   - "What's the average order value by region for that quarter?" keeps the thread's top 3 (a ranking carries to a new
 *     metric and breakdown, as the other sets' writers read it);
 *   - "Let's start over. Total units sold?": after a reset a question with no period is over all of the data; the
 *     writer read the last full month (twice: the turn after it too).
 */
test('the seventh blind set (eval/blind/demo-followups.ts): 49 of 54', async () => {
  const rows = (await Promise.all(BLIND_DEMO_FOLLOWUPS.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(54);
  expect(rows.length - misses.length).toBeGreaterThanOrEqual(49);
  expect(rows.filter((r) => r.wrongAnswer).map((r) => r.say)).toEqual([
    '行 先这样。换个问题：近三个月哪几个品类卖得最好，前三',
    '前五吧',
    "What's the average order value by region for that quarter?",
    "Let's start over. Total units sold?",
    'Split that by item category, just the top three.',
  ]);
});

/**
 * The eighth blind set (2026-12-04: a head of sales in lowercase shorthand, a Chinese regional director, a code-switching
 * team lead on Chinook; a CFO and an operations lead in Chinese chat on the demo shop; 70 turns) read 59 of 70 as meant
 * when written. Three of the misses were answered on a thread the writer did not mean, each because a turn before them
 * had been asked back ("excl. usa", "加拿大2025年第四季度的总销售额环比呢"). The classes it found are fixed and tested in
 * other words (followup-sales-chat.test.ts), among them a wrong answer of the same class found while fixing them
 * ("revenue q4 2025 vs 2024" was Q4 2025 against all of 2024); it reads all 70 now.
 */
test('the eighth blind set (eval/blind/followups-8.ts): 70 of 70', async () => {
  const rows = (await Promise.all(BLIND_FOLLOWUPS_8.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(70);
  expect(misses.map((m) => m.say)).toEqual([]);
});

/**
 * The ninth blind set (2026-12-04: shares asked as questions and as follow-ups, "mix", 占比, 比重, "as a share?", "show me
 * the actual dollars"; a label relations manager and a finance BP on Chinook, a category lead and a regional VP on the
 * demo shop; 52 turns) read 23 of 52 as meant when written, with wrong answers labelled completed among the misses: a
 * share's follow-up answered the amounts, "just the States" was read as the metric "invoices without a billing state",
 * "去掉美国，看其他国家的" lifted the USA filter instead of leaving the USA out, and a share asked after a why was read as
 * the why again. The classes are fixed and tested in other words (followup-shares.test.ts); it reads 45 now. Every turn
 * left reads "by new vs returning customers" as a breakdown by customer type that also keeps both values (every value
 * the catalog lists), where the writer's SQL keeps every row: the same numbers on the demo shop, whose customers are
 * all one or the other, and the first line says it.
 */
test('the ninth blind set (eval/blind/shares-9.ts): 45 of 52', async () => {
  const rows = (await Promise.all(BLIND_SHARES_9.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(52);
  expect(rows.length - misses.length).toBeGreaterThanOrEqual(45);
  expect(misses.every((m) => m.got.includes('customer_type=new|returning') && !m.want.includes('customer_type='))).toBe(true);
});

/**
 * The tenth blind set (2026-12-04: figures over time and by rank; a sales analyst and an operations manager on
 * Chinook, a growth PM and a finance lead on the demo shop; 52 turns) read 38 of 52 as meant when written. The classes
 * it found are tested in other words (followup-over-time.test.ts); it reads 51 now. What is left: "What drove that
 * quarter's jump over the one before it?" after "Which quarter of 2024 was the highest?": which quarter won is in the
 * answer, not in the reading the follow-up reader has, so it is asked back.
 */
test('the tenth blind set (eval/blind/trends-10.ts): 51 of 52', async () => {
  const rows = (await Promise.all(BLIND_TRENDS_10.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(52);
  expect(misses.map((m) => m.say)).toEqual(["What drove that quarter's jump over the one before it? Please break it down by country."]);
});

/**
 * The eleventh blind set (2026-12-04: several members at once and members left out; a regional sales manager and a
 * content manager on Chinook, a growth PM and a category manager on the demo shop; 56 turns) read 34 of 56 as meant
 * when written, and found a name the catalog does not know answered as every member's total ("Iron Maiden" read as
 * nothing; names-not-known.test.ts). The classes it found are tested in other words (followup-members.test.ts); it
 * reads 45 now. What is left:
 *   - Chinook's artists are not listed in the catalog (275 of them), so "Iron Maiden和U2对比" and "Metallica呢" are
 *     asked back, and the turn after them reads another thread;
 *   - "monthly" after three kept categories keeps them as a breakdown beside the months (a grain replaces the grain,
 *     docs/follow-ups.md); the writer summed them per month. Two turns after it carry the same reading;
 *   - "top 3 cats by aov": "cats" is not written out as categories (a pet shop has cats), so that turn and the three
 *     that lean on it are asked back;
 *   - a why that names its own metric and periods is a question of its own and drops the thread's filters.
 */
test('the eleventh blind set (eval/blind/members-11.ts): 45 of 56, none answered otherwise than asked but by documented rules', async () => {
  const rows = (await Promise.all(BLIND_MEMBERS_11.map(rowsOf))).flat();
  const misses = rows.filter((r) => !r.exact);
  console.log(
    `${rows.length - misses.length}/${rows.length} turns read as their SQL\n${misses.map((m) => `- [${m.id}] ${m.say}\n    want ${m.want}\n    got  ${m.got}`).join('\n')}`,
  );
  expect(rows).toHaveLength(56);
  expect(rows.length - misses.length).toBeGreaterThanOrEqual(45);
  expect(misses.filter((m) => m.wrongAnswer).map((m) => m.say)).toEqual([
    'monthly',
    'drop apparel',
    'orders instead',
    'why did gmv change last month vs the month before, by category',
  ]);
});
