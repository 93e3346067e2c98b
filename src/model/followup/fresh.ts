/**
 * A question of its own, with the user's constraints (filters set in earlier turns, kept until lifted) added: the
 * question as written with the constraint's values after it, or written out from its planned reading, whichever the
 * rules planner reads as the question's own reading plus those filters. A question that names a value of a constrained
 * dimension sets that dimension itself. Without constraints, or when the question does not plan, it is asked as written.
 */
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter } from '../../contracts';
import type { FollowUpChange, FollowUpOutput } from '../../contracts/session';
import type { ExpectedReading } from '../../contracts/session';
import { readingDifferences } from '../../sessions/reading-differences';
import { classifyIntent } from '../rules';
import { textOf } from '../../messages/message';
import { FOLLOWUP_MESSAGES } from '../../messages/followup';
import { composeQuestion, filterPhrase, plannedReading } from './compose';
import type { MessageReading } from './message';
import { stateOf } from './state';

type Constraint = DimensionFilter;

/** The question with the constraints' values after it: "… for Canada", "… excluding 2014", "加拿大的：…". */
function appended(question: string, filters: DimensionFilter[], catalog: Catalog, m: MessageReading): string {
  const say = textOf(FOLLOWUP_MESSAGES, m.language);
  const zh = m.language === 'zh';
  const nameOf = (d: string, v: string) =>
    [v, ...(catalog.dimensions[d]?.values[v] ?? [])].find((n) => /[\u4e00-\u9fff]/.test(n) === zh) ?? v;
  const phrase = filterPhrase(filters, say, nameOf);
  const bare = question.replace(/[?？。.!！\s]+$/, '');
  return zh ? `${phrase.replace(/的$/, '')}：${bare}` : `${bare}${phrase}`;
}

const withFilters = (r: ExpectedReading, filters: DimensionFilter[]): ExpectedReading => ({
  ...r,
  filters: [...r.filters, ...filters],
  group_by: r.group_by.filter((g) => !filters.some((f) => f.dimension === g && f.values.length === 1 && !f.exclude)),
});

export function withConstraints(
  question: string,
  m: MessageReading,
  constraints: Constraint[],
  catalog: Catalog,
  asOf: string,
): FollowUpOutput {
  const own = new Set(m.values.map((v) => v.dimension));
  const added = constraints.filter((c) => !own.has(c.dimension) && c.dimension in catalog.dimensions);
  if (added.length === 0) return { kind: 'fresh', question };
  const planned = plannedReading(question, catalog, asOf, null);
  if (!planned || planned === 'refused') return { kind: 'fresh', question };
  const filters = added.map((c): DimensionFilter => ({
    dimension: c.dimension,
    values: [...c.values],
    ...(c.exclude ? { exclude: true } : {}),
  }));
  const want = withFilters(planned, filters);
  // A why asked as written is decomposed by the planner's dimensions (a filtered one drops out): some decomposition.
  if (want.decomposed_by) want.decomposed_by = [];
  const changes: FollowUpChange[] = ['new_question', ...(constraints.some((c) => own.has(c.dimension)) ? ['replace_filter' as const] : [])];
  const named = planned.window && planned.window.source !== 'default';
  const first = appended(question, filters, catalog, m);
  const firstReading = plannedReading(first, catalog, asOf, null);
  if (
    firstReading &&
    firstReading !== 'refused' &&
    readingDifferences(want, { ...firstReading, statement: '', not_used: [], metric_labels: [] }).length === 0
  ) {
    if (!named) return { kind: 'fresh', question: first };
    return { kind: 'follow_up', changes, carried_over: ['filter'], resolved_question: first, expected: want, lifted: [] };
  }
  const intent = classifyIntent(question).intent;
  const state = stateOf({
    turn: 1,
    question,
    resolved_question: question,
    intent,
    asOf,
    reading: { ...planned, statement: '', not_used: [], metric_labels: [] },
  });
  if (!state || !named) return { kind: 'fresh', question: first };
  state.filters = [...state.filters, ...filters];
  state.dims = state.dims.filter((d) => !filters.some((f) => f.dimension === d && f.values.length === 1 && !f.exclude));
  if (state.ranking && !state.dims.includes(state.ranking.by) && state.ranking.by !== state.grain) state.ranking = null;
  const composed = composeQuestion(state, catalog, m.language, asOf, null);
  if (!composed.checked) return { kind: 'fresh', question: first };
  return {
    kind: 'follow_up',
    changes,
    carried_over: ['filter'],
    resolved_question: composed.question,
    expected: composed.expected,
    lifted: [],
  };
}
