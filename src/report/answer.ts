/**
 * The numbers the user sees outside the report's sections: the answer the CLI prints, the `--json` metrics and the
 * chart data tables. Each is a verified calculation's value or is marked unverified, never silently neither. Pure
 * (the workflow uses it when no report was written).
 */
import type { Catalog } from '../catalog/catalog';
import type { AnswerMetric, Calculation, DataScope, Language, ResultMetric } from '../contracts';
import { catalogText, dimensionLabel, filterLabels, timeFieldLabel, withoutCodeSpans } from '../format/labels';
import { readable } from './names';
import { scopeFilterText } from './sections/data-scope';
import { render, textIn } from '../messages';
import { lastDayOf } from '../model/time-window';
import { readNumbers, states, statesCalculation } from '../format/read';

/** A value a written number may state: a calculation (compared as the writer writes it) or a bare verified value. */
export type Candidate = Pick<Calculation, 'value'> & Partial<Pick<Calculation, 'display' | 'delta' | 'unit'>>;

function stated(written: Parameters<typeof states>[0], candidate: Candidate): boolean {
  if (candidate.display)
    return statesCalculation(written, {
      value: candidate.value,
      display: candidate.display,
      delta: candidate.delta ?? false,
      unit: candidate.unit ?? null,
    });
  return states(written, candidate.value);
}

/**
 * The text with every number that states none of the verified candidates marked: "¥1,234.00 (unverified)",
 * "¥1,234.00（未核实）". Numbers with a citation marker, dates, code spans and digits inside `names` are left alone.
 */
export function markUnverified(text: string, verified: Candidate[], language: Language, names: string[] = []): string {
  const mark = render('common.unverified-suffix', {}, language);
  let out = text;
  // From the end, so earlier offsets stay right.
  for (const n of [...readNumbers(text, names).numbers].reverse()) {
    if (n.marker !== null || verified.some((c) => stated(n, c))) continue;
    const at = n.index + n.text.length;
    if (out.slice(at).startsWith(mark)) continue;
    out = `${out.slice(0, at)}${mark}${out.slice(at)}`;
  }
  return out;
}

/**
 * The run's metrics as the result shows them: verified when the validator verified the calculation that records the
 * value, then with that calculation's id and its marker in the report (null when the report does not cite it).
 */
export function resultMetrics(
  metrics: AnswerMetric[],
  verifiedIds: string[],
  citations: { marker: number; calculation_id: string }[] = [],
): ResultMetric[] {
  const verified = new Set(verifiedIds);
  return metrics.map((m) => {
    const id = m.calculation_id ?? null;
    const ok = id !== null && m.value !== null && verified.has(id);
    return {
      ...m,
      calculation_id: id,
      verified: ok,
      citation: ok ? (citations.find((c) => c.calculation_id === id)?.marker ?? null) : null,
    };
  });
}

/**
 * Findings as answer lines when no report was written: a number stays as it is only when it states a verified metric
 * of the steps the finding rests on; every other number is marked unverified.
 */
export function markFindings(
  findings: { summary: string; evidence_refs: string[] }[],
  metrics: ResultMetric[],
  language: Language,
): string[] {
  return findings.map((f) => {
    const verified = metrics.filter(
      (m) => m.verified && m.value !== null && f.evidence_refs.some((ref) => m.calculation_id?.startsWith(`${ref}.`)),
    );
    return markUnverified(
      f.summary,
      verified.map((m) => ({ value: m.value as number })),
      language,
    );
  });
}

/**
 * The definition the numbers follow, for the plain answer: the data scope's filters, or in Chinese the metric's
 * filters in the catalog's words, the time field and the window, and the question's own filters.
 */
export function basisLines(scope: DataScope, catalog: Catalog, language: Language): string[] {
  const query = scope.primary_query;
  // In English the scope's lines, each in the catalog's words (a time field by its meaning, a dimension's values by their labels).
  if (language !== 'zh') return scope.filters.map((f) => scopeFilterText(f, catalog, language));
  const metric = query ? catalog.metrics[query.metric] : undefined;
  // No compiled query to read: the scope's lines in the catalog's words (a time field by its meaning, not its id).
  if (!query || !metric) return scope.filters.map((f) => scopeFilterText(f, catalog, language));
  const text = textIn(language);
  return [
    ...metric.filters.map((f) => catalogText(language, f.description, f.description_zh)),
    text('report.answer.counted-by', {
      field: timeFieldLabel(catalog, language, metric.time_field),
      start: query.window.start,
      end: lastDayOf(query.window.end),
    }),
    ...query.filters.map((f) =>
      text('common.labelled', {
        label: dimensionLabel(catalog, language, f.dimension),
        value: filterLabels(catalog, language, f, text('common.list')),
      }),
    ),
  ];
}

/**
 * The answer the CLI prints: the findings (a number that states a verified calculation of the steps it rests on
 * stays as written, every other number is marked unverified, so a degraded run's numbers are never shown silently),
 * the basis and the assumptions.
 */
export function reportAnswer(
  findings: { summary: string; evidence_refs: string[] }[],
  citable: Calculation[],
  basis: string[],
  assumptions: string[],
  language: Language,
  names: string[],
  catalog?: Catalog,
): string {
  const text = textIn(language);
  // The findings' references to columns and segments (客户类型=新客) in the catalog's words, as the report says them.
  const said = (summary: string) => (catalog ? readable(summary, catalog, language) : summary);
  const answer = [
    ...findings.map((f) =>
      markUnverified(
        said(f.summary),
        citable.filter((x) => f.evidence_refs.includes(x.step_id)),
        language,
        names,
      ),
    ),
    // The catalog's definitions quote their numbers in code spans for the auditor (definitionText); plain text here.
    ...(basis.length > 0 ? [text('report.answer.basis', { lines: withoutCodeSpans(basis.join(text('common.semicolon'))) })] : []),
    ...(assumptions.length > 0
      ? [text('report.answer.assumptions', { lines: withoutCodeSpans(assumptions.map(said).join(text('common.semicolon'))) })]
      : []),
  ].join('\n');
  return answer || text('common.nothing-to-report');
}
