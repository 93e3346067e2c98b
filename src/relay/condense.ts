/**
 * The safety net for a context packet over its token budget: the oldest half of
 * the chain is summarised into one hand-off (one line per step), the newest half
 * is kept verbatim, and every filter, assumption and excluded path is kept whole.
 * Repeats until the packet fits or a single summary is left. Never cuts silently:
 * the note says what was condensed.
 */
import type { Handoff } from '../contracts';

export interface Condensed {
  chain: Handoff[];
  note: string | null;
}

function firstSentence(text: string): string {
  const m = /^.*?[。.!?！？](?=\s|$)/su.exec(text.trim());
  return (m ? m[0] : text).trim();
}

function summarise(part: Handoff[]): Handoff {
  const first = part[0] as Handoff;
  const last = part[part.length - 1] as Handoff;
  const lines = part.map((h) => {
    // An earlier summary already has one line per step: keep it whole.
    if (h.kind === 'summary') return h.conclusion ?? '';
    const text = h.findings[0]?.summary ?? h.key_findings[0] ?? h.conclusion ?? h.status;
    return `${h.task_id}: ${firstSentence(text)}`;
  });
  const firstId = first.task_id.split('..')[0] ?? first.task_id;
  return {
    task_id: `${firstId}..${last.task_id}`,
    description: `summary of ${part.length} earlier step(s)`,
    layer: 'conclusion',
    kind: 'summary',
    depends_on: [],
    status: part.every((h) => h.status === 'passed') ? 'passed' : 'failed',
    filters_applied: [...new Set(part.flatMap((h) => h.filters_applied))],
    assumptions_made: [...new Set(part.flatMap((h) => h.assumptions_made))],
    paths_excluded: [...new Set(part.flatMap((h) => h.paths_excluded))],
    confidence: Math.min(...part.map((h) => h.confidence)),
    findings: [],
    key_findings: [],
    conclusion: lines.join(' '),
    data_summary: null,
    result_shape: null,
    anomalies_found: [...new Set(part.flatMap((h) => h.anomalies_found))],
    result_ref: null,
  };
}

export function condenseToBudget(chain: Handoff[], budget: number, count: (value: unknown) => number): Condensed {
  const before = count(chain);
  if (before <= budget) return { chain, note: null };
  let current = chain;
  let rounds = 0;
  while (count(current) > budget && current.length > 1) {
    // Summarise the oldest half (at least two hand-offs), always keeping the newest verbatim.
    const half = Math.min(current.length - 1, Math.max(2, Math.ceil(current.length / 2)));
    const next = [summarise(current.slice(0, half)), ...current.slice(half)];
    rounds++;
    const shrank = next.length < current.length;
    current = next;
    if (!shrank) break;
  }
  const after = count(current);
  return {
    chain: current,
    note: `context condensed from ${before} to ${after} tokens (budget ${budget}) in ${rounds} round(s): the oldest steps summarised, filters, assumptions and excluded paths kept whole${after > budget ? '; still over budget' : ''}`,
  };
}
