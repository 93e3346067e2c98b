/**
 * Refusals: a question the catalog cannot answer, and what it offers instead (the catalog's terms the question
 * comes close to, and questions near the one asked that it can answer).
 */
import type { Catalog } from '../../catalog/catalog';
import type { Choice, Language, Plan } from '../../contracts';
import { textIn, type Text } from '../../messages';
import { dimensionEntries, leftoverWords, metricEntries, nearChoices, nearEntries } from '../words/near';
import { dimensionLabel, valueLabel } from '../../analysis/findings';
import type { CatalogReading } from './terms';

type ValueHit = CatalogReading['hits'][number];

/** Two values (not twins) of two dimensions one word of the question names alike ("Vogel": the species Bird and the vet Dr. Vogel). */
export function valueOfTwoDimensions(reading: Pick<CatalogReading, 'hits'>): [ValueHit, ValueHit] | null {
  const values = reading.hits.filter((h) => h.kind === 'value');
  for (const a of values) {
    // Twins (one value at two grains: an order's category and an item's) are one thing; the plan picks the grain.
    const b = values.find((o) => o.id !== a.id && o.value !== a.value && o.start === a.start && o.end === a.end);
    if (b) return [a, b];
  }
  return null;
}

/**
 * Which of the two the word means, asked back: "did you mean species Bird or vet Dr. Katrin Vogel?". Given the message
 * it was read in, each choice is that message with the word written as the value it means ("only the vet Dr. Katrin
 * Vogel"), which a reply naming it is read as (src/model/followup/choice.ts).
 */
export function whichOfTwoDimensions(
  catalog: Catalog,
  language: Language,
  [a, b]: [ValueHit, ValueHit],
  message?: string,
): { reason: string; question: string; choices?: Choice[] } {
  const text = textIn(language);
  const value = (h: ValueHit) => valueLabel(catalog, language, h.id, h.value ?? '');
  const named = (h: ValueHit) =>
    text('reading.value.of-dimension', { value: value(h), dimension: dimensionLabel(catalog, language, h.id) });
  const at = message ? message.toLowerCase().indexOf(a.text.toLowerCase()) : -1;
  const written = (h: ValueHit) =>
    `${message?.slice(0, at)}${text('reading.member.named', { value: value(h), dimension: dimensionLabel(catalog, language, h.id) })}${message?.slice(at + a.text.length)}`;
  return {
    reason: text('reading.value.two-dimensions', { word: a.text }),
    question: text('reading.did-you-mean.either', { first: named(a), second: named(b) }),
    ...(message && at >= 0 ? { choices: [a, b].map((h) => ({ label: named(h), question: written(h) })) } : {}),
  };
}

/** "did you mean "sales"?", or of two; null when nothing is close. */
function didYouMean(labels: string[], text: Text): string | null {
  const [first, second] = labels;
  if (first === undefined) return null;
  return second === undefined ? text('reading.did-you-mean', { term: first }) : text('reading.did-you-mean.either', { first, second });
}

function withOffer(reason: string, offer: string | null, text: Text): string {
  return offer ? text('reading.refusal.offer', { reason, offer }) : reason;
}

/** A question the catalog cannot answer: a breakdown by a dimension it does not have, or no metric it knows. */
export function unanswerable(
  reading: CatalogReading,
  catalog: Catalog,
  language: Language,
  available: string[],
  question?: string,
): Plan | null {
  const text = textIn(language);
  const label = (d: { label: string; label_zh: string }) => (language === 'zh' ? d.label_zh : d.label);
  const dimensionName = (id: string) => label(catalog.dimensions[id] ?? { label: id, label_zh: id });
  const metricName = (id: string) => label(catalog.metrics[id] ?? { label: id, label_zh: id });
  // The question with the misspelt word written as the term offered: a reply naming it ("yes", "country") asks it.
  const offered = (words: string[], entries: ReturnType<typeof dimensionEntries>, ids: string[], named: (id: string) => string) => {
    const choices = question ? nearChoices(question, words, entries, ids, named) : [];
    return choices.length > 0 ? { choices } : {};
  };
  if (reading.unknownDimensions.length > 0) {
    const dims = Object.entries(catalog.dimensions).map(([id, d]) => text('reading.dimension.entry', { label: label(d), id }));
    const nearIds = nearEntries(reading.unknownDimensions, dimensionEntries(catalog));
    const reason = text('reading.refusal.no-dimension', {
      words: reading.unknownDimensions.join(text('common.list')),
      dimensions: dims.join(text('common.list')),
    });
    return {
      kind: 'cannot_answer',
      reason: withOffer(reason, didYouMean(nearIds.map(dimensionName), text), text),
      available_metrics: available,
      ...offered(reading.unknownDimensions, dimensionEntries(catalog), nearIds, dimensionName),
    };
  }
  const twoWays = valueOfTwoDimensions(reading);
  if (twoWays) return { kind: 'needs_clarification', ...whichOfTwoDimensions(catalog, language, twoWays, question) };
  if (reading.metrics.length === 0) {
    const nearIds = reading.near ?? [];
    const reason = text('reading.refusal.no-metric', { catalog: catalog.name, metrics: available.join(text('common.list')) });
    const spans = reading.hits.map((h): [number, number] => [h.start, h.end]);
    return {
      kind: 'cannot_answer',
      reason: withOffer(reason, didYouMean(nearIds.map(metricName), text), text),
      available_metrics: available,
      ...(question ? offered(leftoverWords(question, spans), metricEntries(catalog), nearIds, metricName) : {}),
    };
  }
  return null;
}
