/**
 * Layered compression by distance, for hand-offs down a long chain of steps:
 *   distance 1-2  nearly in full: raw rows replaced by the data summary and a reference
 *   distance 3-4  one-line findings
 *   distance 5+   a conclusion and the key assumptions
 * Filters, assumptions and excluded paths are carried whole at every layer: they are
 * what the next agent needs to read a result correctly. Pure and deterministic.
 */
import type { Handoff, StepRecord } from '../contracts';

/** A step's full hand-off (distance 1). */
export function toHandoff(record: StepRecord): Handoff {
  const result = record.result;
  return {
    task_id: record.step.step_id,
    description: record.step.description,
    layer: 'full',
    kind: record.step.operation.kind,
    depends_on: record.step.depends_on,
    status: record.status,
    filters_applied: result?.filters_applied ?? [],
    assumptions_made: result?.assumptions_made ?? [],
    paths_excluded: result?.paths_excluded ?? [],
    confidence: record.status === 'passed' ? (result?.anomalies_found.length ? 0.7 : 0.95) : 0,
    findings: result?.findings ?? [],
    key_findings: [],
    // For a step that did not pass, why.
    conclusion: record.status === 'passed' ? null : (record.error ?? null),
    data_summary: result?.data_summary ?? null,
    result_shape: result?.result_shape ?? null,
    anomalies_found: result?.anomalies_found ?? [],
    result_ref: result?.result_ref ?? null,
  };
}

export function compressForDistance(full: Handoff, distance: number): Handoff {
  const mustKeep = {
    filters_applied: full.filters_applied,
    assumptions_made: full.assumptions_made,
    paths_excluded: full.paths_excluded,
  };
  if (distance <= 2) return { ...full, layer: 'full', ...mustKeep };
  const summaries = [
    ...full.findings.map((f) => f.summary),
    ...full.key_findings,
    ...(full.conclusion && full.status === 'passed' ? [full.conclusion] : []),
  ];
  if (full.status !== 'passed') {
    // Why a step failed is kept as its conclusion at every layer.
    return {
      ...full,
      ...mustKeep,
      layer: distance <= 4 ? 'findings' : 'conclusion',
      findings: [],
      key_findings: [],
      data_summary: null,
      result_shape: null,
    };
  }
  const base = { ...full, ...mustKeep, findings: [], data_summary: null, result_shape: null, result_ref: full.result_ref };
  if (distance <= 4) return { ...base, layer: 'findings', key_findings: summaries, conclusion: null };
  return {
    ...base,
    layer: 'conclusion',
    key_findings: [],
    conclusion: summaries.join(' ') || (full.status === 'passed' ? `${full.task_id}: passed` : null),
    anomalies_found: [],
  };
}

/**
 * What an agent at position `at` of a chain receives about the steps before it:
 * each compressed by its distance (the step just before is distance 1).
 */
export function relayChain(chain: Handoff[], at: number): Handoff[] {
  return chain.slice(0, at).map((h, i) => compressForDistance(h, at - i));
}
