/**
 * What the follow-up reader asks back, in the message's language: a follow-up with nothing to resolve against, words
 * the catalog cannot map (named, with the catalog terms close to them), a change with nothing to act on, or a
 * resolved reading that no wording plans as meant. Each offers a whole question the planner reads.
 */
import type { Catalog } from '../../catalog/catalog';
import type { Language } from '../../contracts';
import type { FollowUpOutput } from '../../contracts/session';
import { textOf } from '../../messages/message';
import { FOLLOWUP_MESSAGES } from '../../messages/followup';
import { dimensionEntries, metricEntries, nearChoices, nearEntries } from '../words/near';
import type { Refusal } from './apply';
import type { MessageReading } from './message';

type Clarification = Extract<FollowUpOutput, { kind: 'needs_clarification' }>;

const say = (language: Language) => textOf(FOLLOWUP_MESSAGES, language);

function labelOf(catalog: Catalog, id: string, language: Language): string {
  const e = catalog.metrics[id] ?? catalog.dimensions[id];
  return (language === 'zh' ? e?.label_zh : e?.label) ?? id;
}

/** A whole question built from the catalog: its main metric by a dimension the message names (or its first). */
export function exampleQuestion(catalog: Catalog, language: Language, m: MessageReading | null): string {
  const metric = m?.metrics[0] ?? catalog.primary_metric ?? Object.keys(catalog.metrics)[0] ?? '';
  const dim = m?.dims[0] ?? Object.keys(catalog.dimensions).find((d) => !catalog.dimensions[d]?.ranking_only) ?? '';
  const t = say(language);
  return t('followup.q.query', {
    metrics: labelOf(catalog, metric, language),
    filters: '',
    by: dim ? t('followup.q.by', { dimension: labelOf(catalog, dim, language) }) : '',
    period: t('followup.q.all-time'),
  }).trim();
}

export function noThread(message: string, catalog: Catalog, m: MessageReading): Clarification {
  const t = say(m.language);
  return {
    kind: 'needs_clarification',
    reason: t('followup.clarify.no-thread.reason', { message }),
    question: t('followup.clarify.no-thread.question', { example: exampleQuestion(catalog, m.language, m) }),
  };
}

export function unmapped(catalog: Catalog, m: MessageReading): Clarification {
  const t = say(m.language);
  const list = t('followup.clarify.list');
  const words = m.unmapped.map((word) => t('followup.clarify.quoted', { word })).join(list);
  const entries = [...metricEntries(catalog), ...dimensionEntries(catalog)];
  const near = nearEntries(m.unmapped, entries);
  const names = (ids: string[]) => ids.map((id) => labelOf(catalog, id, m.language)).join(list);
  // The message with the misspelt word written as a term offered ("and by contry?" → "and by country?").
  const choices = nearChoices(m.text, m.unmapped, entries, near, (id) => labelOf(catalog, id, m.language));
  return {
    kind: 'needs_clarification',
    ...(choices.length > 0 ? { choices } : {}),
    reason: t('followup.clarify.unmapped.reason', { words }),
    question: t('followup.clarify.unmapped.question', {
      metrics: names(Object.keys(catalog.metrics)),
      dimensions: names(Object.keys(catalog.dimensions)),
      near: near.length > 0 ? t('followup.clarify.near', { terms: names(near) }) : '',
    }),
  };
}

/** A why by the thread's breakdown that the catalog cannot decompose by: asked back with the dimensions it can. */
export function noDecomposition(catalog: Catalog, m: MessageReading, statement: string, metric: string, dims: string[]): Clarification {
  const t = say(m.language);
  const lang = m.language;
  const metricDef = catalog.metrics[metric];
  const metricName = (lang === 'zh' ? metricDef?.label_zh : metricDef?.label) ?? metric;
  const can = (metricDef?.decompose_by ?? []).map((d) => labelOf(catalog, d, lang));
  const dimension = dims.map((d) => labelOf(catalog, d, lang)).join(lang === 'zh' ? '、' : ', ');
  return {
    kind: 'needs_clarification',
    reason: t('followup.clarify.no-decomposition.reason', { message: m.text, dimension, metric: metricName, statement }),
    question: t('followup.clarify.no-decomposition.question', { metric: metricName, dimensions: can.join(lang === 'zh' ? '、' : ', ') }),
  };
}

/** A change with nothing to act on, or a reading no wording plans as meant. */
export function refused(
  why: Refusal | 'unwritable',
  catalog: Catalog,
  m: MessageReading,
  statement: string,
  dimension: string | null,
): Clarification {
  const t = say(m.language);
  const example = exampleQuestion(catalog, m.language, m);
  const message = m.text;
  const dim = dimension ? labelOf(catalog, dimension, m.language) : '';
  const texts = {
    nothing: [t('followup.clarify.nothing.reason', { message, statement }), t('followup.clarify.nothing.question', { example })],
    no_breakdown: [
      t('followup.clarify.no-breakdown.reason', { message, statement }),
      t('followup.clarify.no-breakdown.question', { example }),
    ],
    no_filter: [
      t('followup.clarify.no-filter.reason', { statement, dimension: dim }),
      t('followup.clarify.no-filter.question', { dimension: dim, example }),
    ],
    no_period: [t('followup.clarify.no-period.reason', { message }), t('followup.clarify.no-period.question', { example })],
    unwritable: [t('followup.clarify.unwritable.reason', { message, statement }), t('followup.clarify.unwritable.question', { example })],
  }[why];
  return { kind: 'needs_clarification', reason: texts[0] as string, question: texts[1] as string };
}
