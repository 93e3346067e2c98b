/**
 * How a cited number is computed, as the citations list shows it: SQL as it ran (it is the recipe, shown as code),
 * and an expression in words for the reader: the result's field names (value_after, mix_effect) as what they
 * hold, a metric's id as its label, a step's id as "this step".
 */
import type { Catalog } from '../catalog/catalog';
import type { Language } from '../contracts';
import { catalogText } from '../format/labels';
import { textIn } from '../messages';

/** The result fields an expression names, each a message `report.formula.field.<name>`. */
const FIELDS = [
  'value_after',
  'value_before',
  'mean_after',
  'mean_before',
  'mix_effect',
  'rate_effect',
  'total_effect',
  'share_of_change',
  'value_a',
  'value_b',
  'share_a',
  'share_b',
] as const;

/** Whether a formula is a statement the verifier re-runs: shown as it is. */
export const isSql = (formula: string) => /^\s*(SELECT|WITH)\b/i.test(formula);

export function formulaText(formula: string, catalog: Catalog, language: Language): string {
  if (isSql(formula)) return formula;
  const text = textIn(language);
  let out = formula;
  for (const field of FIELDS) out = out.replace(new RegExp(`\\b${field}\\b`, 'g'), text(`report.formula.field.${field}`));
  for (const [id, metric] of Object.entries(catalog.metrics))
    out = out.replace(new RegExp(`\\b${id}\\b`, 'g'), catalogText(language, metric.label, metric.label_zh));
  return out.replace(/(^|[^\w])s\d+(?=[^\w]|$)/g, (_, before: string) => `${before}${text('report.formula.this-step')}`);
}
