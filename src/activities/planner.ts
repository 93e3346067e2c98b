/**
 * Planner agent: turns the question into catalog-checked steps, or says why it
 * cannot. The offline rules model plans from the catalog; a language model writes
 * the plan as JSON, which is checked like any plan (dependencies, cycles, names in
 * the catalog, every query compiling) and sent back with the problems when it fails.
 */
import type { z } from 'zod';
import { defineAgent } from '../agents/contract';
import type { Catalog } from '../catalog/catalog';
import { catalogFragment, catalogIndex, compileMetricQuery } from '../catalog/sql';
import { budgetFor, tokensOf } from '../agents/budgets';
import { Plan, PlanDraft, PlannerInput, type Choice, type DataExtent, type Language, type QuestionReading } from '../contracts';
import { MAX_PLAN_STEPS } from '../settings/limits';
import { modelFor } from '../model/model';
import { classifyIntent, planQuestion, readingOfPlan } from '../model/rules';
import { defaultTimeWindow, lastDayOf, makeWindow, previousMonth, windowOfMonth } from '../model/time-window';
import { catalogFor, databaseFor } from '../settings/sources';
import { findMembers, withMembers, type FoundMember } from '../catalog/members';
import { storeFragments } from '../storage/fragments';
import { loadArtifact } from '../storage/artifacts';
import { checkPlan } from '../planning/plan-checks';
import { textIn } from '../messages';
import { OPERATIONS } from '../operations';
import { TIME_GRAINS } from '../catalog/time-grain';

const INSTRUCTIONS = [
  `Plan how to answer a question about a database in at most ${MAX_PLAN_STEPS} steps, using only the metrics,`,
  `dimensions and time grains (${TIME_GRAINS.join(', ')}) of the catalog you are given. Steps form a DAG through`,
  'depends_on. The operations a step can do (its operation.kind and what it computes):',
  ...Object.values(OPERATIONS).map((o) => `- ${o.kind}: ${o.prompt.planner}.`),
  'Windows are half-open [start, end) dates. To compare two periods (year over year, period over period, two',
  'named ones) group by "period" and list both in the query\'s periods, earlier first, keyed like 2024,',
  '2024-Q3 or 2024-03. "Which X has the most" is the metric grouped by X, ordered desc, limit 1. When the',
  'question gives no period use default_window (the latest full month with data; all_time_window for a',
  'breakdown by period or "all time") and say so in assumptions; data_extent says where the data is, and a',
  'period without data is needs_clarification naming it. When the catalog cannot answer, reply kind',
  '"cannot_answer" with the reason and available_metrics; when the question is ambiguous, kind',
  '"needs_clarification". The metric-definitions skill explains the catalog.',
].join('\n');

/** What a model plan gets wrong, for the repair prompt: the workflow's checks plus every query compiling. */
function problems(draft: PlanDraft, catalog: Catalog): string[] {
  if (draft.kind !== 'plan') return [];
  const found = checkPlan({ ...draft, fragments: {} }, catalogIndex(catalog));
  for (const step of draft.steps) {
    if (!('query' in step.operation)) continue;
    try {
      compileMetricQuery(catalog, step.operation.query);
    } catch (err) {
      found.push(`step ${step.step_id}: ${(err as Error).message}`);
    }
  }
  return found;
}

function withFragments(draft: PlanDraft, catalog: Catalog): Plan {
  if (draft.kind !== 'plan') return draft;
  return {
    ...draft,
    fragments: Object.fromEntries(draft.steps.map((s) => [s.step_id, catalogFragment(catalog, s.metrics, s.dimensions)])),
  };
}

interface AskedAt {
  asOf: string;
  extent: DataExtent | null;
}

/** Whether the rules model reads a question as a plan that uses every word that shapes it (nothing blocking). */
function reads(question: string, catalog: Catalog, at: AskedAt): boolean {
  const intent = classifyIntent(question);
  const plan = planQuestion(question, intent, catalog, at.asOf, [], at.extent);
  if (plan.kind !== 'plan') return false;
  return readingOfPlan(question, plan.steps, catalog, intent.language, at.asOf, intent.matched).blocking.length === 0;
}

/**
 * Questions near the one asked that the plan language can answer: the same metric, dimension, filter, ranking and
 * period where the reading has them, simpler step by step (the ranking, the breakdown, the filter, the total, then
 * the metric by year over all of the data). Each is read by the rules model before it is offered; the first two
 * that read are offered.
 */
function rephrasing(reading: QuestionReading, catalog: Catalog, language: Language, at: AskedAt): { question: string; choices?: Choice[] } {
  const text = textIn(language);
  const metric = reading.metric_labels[0] ?? dimensionLabelOf(catalog, mainMetricOf(catalog), language, 'metric');
  const named = reading.not_used
    .map((w) =>
      Object.entries(catalog.dimensions).find(([, d]) =>
        [d.label, d.label_zh, ...d.aliases].some((a) => a.toLowerCase() === w.toLowerCase()),
      ),
    )
    .find((d) => d)?.[0];
  const dimId = reading.group_by.find((g) => g in catalog.dimensions) ?? named ?? Object.keys(catalog.dimensions)[0];
  const dimension = dimId ? dimensionLabelOf(catalog, dimId, language, 'dimension') : null;
  const window = reading.window && reading.window.source !== 'all_time' && reading.window.source !== 'default' ? reading.window : null;
  const period = window ? text('reading.suggest.period', { label: language === 'zh' ? window.label_zh : window.label_en }) : '';
  const filter = reading.filters.find((f) => !f.exclude);
  const candidates: string[] = [];
  if (metric && dimension && reading.ranking) {
    const key = reading.ranking.order === 'asc' ? 'reading.suggest.bottom' : 'reading.suggest.top';
    candidates.push(text(key, { metric, dimension, period, n: reading.ranking.n }));
  }
  if (metric && reading.grain) {
    const grain = text(`reading.grain.${reading.grain}`);
    candidates.push(
      period ? text('reading.suggest.by-grain', { metric, grain, period }) : text('reading.suggest.by-grain.all-time', { metric, grain }),
    );
  }
  if (metric && dimension && !reading.ranking) candidates.push(text('reading.suggest.top', { metric, dimension, period, n: 5 }));
  if (metric && dimension) candidates.push(text('reading.suggest.by', { metric, dimension, period }));
  if (metric && filter?.values[0]) candidates.push(text('reading.suggest.filtered', { metric, value: filter.values[0], period }));
  if (metric) candidates.push(text('reading.suggest.total', { metric, period: period || text('reading.suggest.all-time') }));
  if (metric) candidates.push(text('reading.suggest.by-year', { metric }));
  const offered = [...new Set(candidates)].filter((q) => reads(q, catalog, at)).slice(0, 2);
  const [first, second] = offered;
  if (first === undefined) return { question: text('reading.rephrase.none') };
  const question = second === undefined ? text('reading.rephrase.one', { first }) : text('reading.rephrase.two', { first, second });
  return { question, choices: offered.map((q) => ({ label: q, question: q })) };
}

/** A metric's or dimension's label in the question's language. */
function dimensionLabelOf(catalog: Catalog, id: string | null, language: Language, kind: 'metric' | 'dimension'): string {
  if (!id) return '';
  const entry = kind === 'metric' ? catalog.metrics[id] : catalog.dimensions[id];
  return entry ? (language === 'zh' ? entry.label_zh : entry.label) : id;
}

/** The catalog's primary metric, else its first. */
function mainMetricOf(catalog: Catalog): string | null {
  return catalog.primary_metric ?? Object.keys(catalog.metrics)[0] ?? null;
}

/**
 * The plan with how it read the question. A plan that leaves out a word naming a metric, a dimension,
 * a value, a period, a grain or a ranking would answer another question: the run asks back instead.
 */
function withReading(
  plan: Plan,
  input: { question: string; intent: PlannerInput['intent']; asOf: string; extent: DataExtent | null },
  catalog: Catalog,
): Plan {
  if (plan.kind !== 'plan') return plan;
  const language = input.intent.language;
  const { reading, blocking } = readingOfPlan(input.question, plan.steps, catalog, language, input.asOf, input.intent.matched);
  const partial = partialComparison(reading, catalog, input.extent, language);
  if (partial) return { kind: 'needs_clarification', reason: partial.reason, question: partial.question, reading };
  if (blocking.length === 0) return { ...plan, reading };
  const text = textIn(language);
  const words = blocking.map((word) => text('reading.quoted', { word })).join(text('common.list'));
  return {
    kind: 'needs_clarification',
    reason: text('reading.blocked', { words, statement: reading.statement }),
    ...rephrasing(reading, catalog, language, input),
    reading,
  };
}

/**
 * A change measured into a month the data covers only partly would read a half-loaded month as a collapse (or a
 * boom): a plan that compares periods, one of which holds such a month, is not run. The run says plainly where
 * the data stops and offers the latest full months instead. No business cause is named for a partial month.
 */
function partialComparison(
  reading: QuestionReading,
  catalog: Catalog,
  extent: DataExtent | null,
  language: 'zh' | 'en',
): { reason: string; question: string } | null {
  if (!reading.compared_with || !reading.window) return null;
  const field = catalog.metrics[reading.metrics[0] ?? '']?.time_field;
  const data = field ? extent?.time_fields[field] : undefined;
  if (!data) return null;
  const monthsOf = (w: { start: string; end: string }) =>
    data.months.filter((m) => m.month >= w.start.slice(0, 7) && m.month <= lastDayOf(w.end).slice(0, 7));
  // A window the data covers in full (a week inside a month still loading: a schedule's "last week") is compared as it is.
  const uncovered = (w: { start: string; end: string }) => (m: { month: string; first_day: string; last_day: string }) =>
    data.partial_months.includes(m.month) &&
    (m.first_day > (w.start > `${m.month}-01` ? w.start : `${m.month}-01`) || m.last_day < lastDayOf(w.end));
  const cut =
    monthsOf(reading.compared_with).find(uncovered(reading.compared_with)) ?? monthsOf(reading.window).find(uncovered(reading.window));
  if (!cut) return null;
  const month = windowOfMonth(cut.month);
  const days = new Date(Date.parse(month.end) - 86_400_000).getUTCDate();
  const text = textIn(language);
  const zh = language === 'zh';
  const latest = data.latest_full_month ? windowOfMonth(data.latest_full_month) : null;
  const before = latest ? previousMonth(latest) : null;
  return {
    reason: text('reading.partial.reason', {
      last: data.last ?? cut.last_day,
      month: zh ? month.label_zh : month.label_en,
      first_day: cut.first_day,
      last_day: cut.last_day,
      days,
    }),
    question:
      latest && before
        ? text('reading.partial.question', {
            latest: zh ? latest.label_zh : latest.label_en,
            before: zh ? before.label_zh : before.label_en,
          })
        : text('reading.partial.no-month'),
  };
}

/** The first metric's time field's extent (what "no period" and "all time" mean for the question's data). */
function mainExtent(catalog: Catalog, extent: DataExtent | null) {
  const field = Object.values(catalog.metrics)[0]?.time_field;
  return field ? (extent?.time_fields[field] ?? null) : null;
}
function defaultWindow(catalog: Catalog, extent: DataExtent | null, asOf: string) {
  const month = mainExtent(catalog, extent)?.latest_full_month;
  return month ? windowOfMonth(month, 'default') : defaultTimeWindow(asOf);
}
function allTimeWindow(catalog: Catalog, extent: DataExtent | null) {
  const data = mainExtent(catalog, extent);
  if (!data?.first || !data.last) return null;
  return makeWindow(data.first, new Date(Date.parse(`${data.last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), 'all_time', {
    zh: '全部时间',
    en: 'all time',
  });
}
/** Each time field's first and last day and partial months, without the month-by-month rows. */
function extentSummary(extent: DataExtent | null) {
  return extent
    ? Object.fromEntries(
        Object.entries(extent.time_fields).map(([k, v]) => [
          k,
          { first: v.first, last: v.last, latest_full_month: v.latest_full_month, partial_months: v.partial_months },
        ]),
      )
    : null;
}

/**
 * A conversation's thread as the model receives it: within the planner's input budget (src/agents/budgets.ts), less
 * what the rest of its input takes. The thread opens with the constraints and the last turn, whole, then older turns
 * newest first: lines are dropped from its end (the oldest turns) until it fits.
 */
export function threadWithinBudget(thread: string, input: object): string {
  const room = budgetFor('planAnalysis').input - tokensOf({ ...input, thread: '' });
  let lines = thread.split('\n');
  while (lines.length > 0 && tokensOf(lines.join('\n')) > room) lines = lines.slice(0, -1);
  return lines.join('\n');
}

/** What the planner needs to plan one question, whatever catalog it plans on. */
interface Asked {
  input: z.output<typeof PlannerInput>;
  extent: DataExtent | null;
}

/** One plan of the question on the catalog given, with how it reads the question. */
async function planOn(catalog: Catalog, { input, extent }: Asked): Promise<Plan> {
  const { question, intent, asOf, feedback } = input;
  const answer = await modelFor('planAnalysis').ask({
    agent: 'planAnalysis',
    schema: PlanDraft,
    schemaName: 'plan',
    instructions: INSTRUCTIONS,
    // The catalog is the same for every question: it goes with the cacheable prefix.
    stable: {
      catalog: {
        metrics: Object.fromEntries(
          Object.entries(catalog.metrics).map(([id, m]) => [
            id,
            {
              label: m.label,
              label_zh: m.label_zh,
              description: m.description,
              decompose_by: m.decompose_by,
              related_metrics: m.related_metrics,
            },
          ]),
        ),
        dimensions: Object.fromEntries(
          Object.entries(catalog.dimensions).map(([id, d]) => [
            id,
            { label: d.label, label_zh: d.label_zh, values: Object.keys(d.values) },
          ]),
        ),
      },
    },
    context: {
      question,
      intent: intent.intent,
      language: intent.language,
      as_of: asOf,
      default_window: defaultWindow(catalog, extent, asOf),
      all_time_window: allTimeWindow(catalog, extent),
      data_extent: extentSummary(extent),
      feedback,
      ...(input.thread ? { thread: threadWithinBudget(input.thread, input) } : {}),
    },
    check: (draft) => problems(draft, catalog),
    offline: () => planQuestion(question, intent, catalog, asOf, feedback, extent),
  });
  return withReading(withFragments(answer.value, catalog), { question, intent, asOf, extent }, catalog);
}

/**
 * Names the reading could not place, looked up in the data (src/catalog/members.ts): a span found as a member is
 * planned again on the catalog with that member listed, and said in the assumptions; one word in lower case that
 * names a member, or a name found in two dimensions, is asked back. A plan that cannot answer ("top 5 tracks by
 * Queen": no dimension called queen) is tried again with the question's names written as names. Without any, the
 * plan is as it was.
 */
async function lookingUpNames(plan: Plan, catalog: Catalog, asked: Asked): Promise<Plan> {
  const { question, intent } = asked.input;
  const reading = 'reading' in plan ? plan.reading : undefined;
  const notUsed = reading ? reading.not_used : plan.kind === 'cannot_answer' ? (question.toLowerCase().match(/\p{L}+/gu) ?? []) : [];
  if (notUsed.length === 0) return plan;
  const found = await findMembers(question, notUsed, catalog, databaseFor(asked.input.databaseUrl));
  if (!reading) found.suggested = [];
  const language = intent.language;
  const text = textIn(language);
  const dimension = (m: FoundMember) => dimensionLabelOf(catalog, m.dimension, language, 'dimension');
  const keptReading = reading ? { reading } : {};
  const [ambiguous] = found.ambiguous;
  if (ambiguous) {
    const options = ambiguous.found.map((m) => text('reading.member.one', { dimension: dimension(m), value: m.value }));
    const first = ambiguous.found[0] as FoundMember;
    const namedAs = (m: FoundMember, value: string) =>
      question.replace(ambiguous.text, text('reading.member.named', { dimension: dimension(m), value }));
    return {
      kind: 'needs_clarification',
      reason: text('reading.member.ambiguous', { text: ambiguous.text, found: options.join(text('common.either')) }),
      question: text('reading.member.which', { example: namedAs(first, ambiguous.text) }),
      choices: ambiguous.found.map((m, i) => ({ label: options[i] ?? m.value, question: namedAs(m, m.value) })),
      ...keptReading,
    };
  }
  const said = (m: FoundMember) => {
    const [other] = m.also ?? [];
    const found = text('reading.member', { text: m.text, dimension: dimension(m), value: m.value });
    if (!other) return found;
    // The artist Iron Maiden, whose album Iron Maiden is one of theirs: said, with how to ask for the album alone.
    const alone = text('reading.member.named', { dimension: dimensionLabelOf(catalog, other, language, 'dimension'), value: m.value });
    return text('reading.member.holds', { found, other: dimensionLabelOf(catalog, other, language, 'dimension'), alone });
  };
  if (found.suggested.length > 0) {
    // Named with its dimension, the name is read as one wherever it stands ("the city Berlin").
    const named = (m: FoundMember) => text('reading.member.named', { dimension: dimension(m), value: m.value });
    const asWritten = found.suggested.reduce((q, m) => q.replace(m.text, named(m)), question);
    return {
      kind: 'needs_clarification',
      reason: text('reading.member.suggested', { found: found.suggested.map(said).join(text('common.list')) }),
      question: text('reading.rephrase.one', { first: asWritten }),
      choices: [{ label: asWritten, question: asWritten }],
      ...keptReading,
    };
  }
  if (found.members.length === 0) {
    // Asked back for a name: say where it was looked for.
    if (plan.kind !== 'needs_clarification' || found.searched.length === 0) return plan;
    const dimensions = found.searched.map((d) => dimensionLabelOf(catalog, d, language, 'dimension')).join(text('common.list'));
    return { ...plan, reason: `${plan.reason}${text('common.semicolon')}${text('reading.member.none', { dimensions })}` };
  }
  const again = await planOn(withMembers(catalog, found.members), asked);
  return again.kind === 'plan' ? { ...again, assumptions: [...again.assumptions, ...found.members.map(said)] } : again;
}

export const planAnalysis = defineAgent({
  name: 'planner',
  input: PlannerInput,
  output: Plan,
  run: async (input) => {
    // A conversation's turn: the members its thread placed are read as the catalog's values.
    const catalog = withMembers(
      catalogFor(input.catalogPath),
      input.members.map((m) => ({ ...m, text: m.value })),
    );
    // The data extent agent stores the months per time field; the planner reads them back.
    const extent = input.extent?.extent_ref ? await loadArtifact<DataExtent>(input.extent.extent_ref) : input.extent;
    const asked: Asked = { input, extent };
    const plan = await lookingUpNames(await planOn(catalog, asked), catalog, asked);
    // The fragments go to the artifact store: the plan in the history carries their reference.
    return plan.kind === 'plan' ? { ...plan, fragments: {}, fragments_ref: await storeFragments(plan.fragments) } : plan;
  },
});
