/**
 * The numbers the user sees outside the report's sections: the answer the CLI prints, the `--json` metrics and the
 * chart data tables. Each is a verified calculation's value or is marked unverified, never silently neither. Pure
 * (the workflow uses it when no report was written).
 */
import { unverifiedMark } from '../analysis/wording';
import type { AnswerMetric, Calculation, Language, ResultMetric } from '../contracts';
import { readNumbers, states, statesCalculation } from './numbers';

/** A value a written number may state: a calculation (compared as the writer writes it) or a bare verified value. */
export type Candidate = Pick<Calculation, 'value'> & Partial<Pick<Calculation, 'display' | 'delta' | 'unit'>>;

function stated(written: Parameters<typeof states>[0], candidate: Candidate): boolean {
  if (candidate.display) return statesCalculation(written, { value: candidate.value, display: candidate.display, delta: candidate.delta ?? false, unit: candidate.unit ?? null });
  return states(written, candidate.value);
}

/**
 * The text with every number that states none of the verified candidates marked: "¥1,234.00 (unverified)",
 * "¥1,234.00（未核实）". Numbers with a citation marker, dates, code spans and digits inside `names` are left alone.
 */
export function markUnverified(text: string, verified: Candidate[], language: Language, names: string[] = []): string {
  const mark = unverifiedMark(language);
  let out = text;
  // From the end, so earlier offsets stay right.
  for (const n of [...readNumbers(text, names).numbers].reverse()) {
    if (n.marker !== null || verified.some((c) => stated(n, c))) continue;
    const at = n.index + n.text.length;
    if (out.slice(at).startsWith(language === 'zh' ? mark : ` ${mark}`)) continue;
    out = `${out.slice(0, at)}${language === 'zh' ? mark : ` ${mark}`}${out.slice(at)}`;
  }
  return out;
}

/** Whether the text marks any number unverified. */
export function hasUnverified(text: string): boolean {
  return text.includes(unverifiedMark('en')) || text.includes(unverifiedMark('zh'));
}

/**
 * The run's metrics as the result shows them: verified when the validator verified the calculation that records the
 * value, then with that calculation's id and its marker in the report (null when the report does not cite it).
 */
export function resultMetrics(metrics: AnswerMetric[], verifiedIds: string[], citations: { marker: number; calculation_id: string }[] = []): ResultMetric[] {
  const verified = new Set(verifiedIds);
  return metrics.map((m) => {
    const id = m.calculation_id ?? null;
    const ok = id !== null && m.value !== null && verified.has(id);
    return { ...m, calculation_id: id, verified: ok, citation: ok ? (citations.find((c) => c.calculation_id === id)?.marker ?? null) : null };
  });
}

/**
 * Findings as answer lines when no report was written: a number stays as it is only when it states a verified metric
 * of the steps the finding rests on; every other number is marked unverified.
 */
export function markFindings(findings: { summary: string; evidence_refs: string[] }[], metrics: ResultMetric[], language: Language): string[] {
  return findings.map((f) => {
    const verified = metrics.filter((m) => m.verified && m.value !== null && f.evidence_refs.some((ref) => m.calculation_id?.startsWith(`${ref}.`)));
    return markUnverified(f.summary, verified.map((m) => ({ value: m.value as number })), language);
  });
}
