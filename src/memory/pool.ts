/**
 * The shared memory pool: what agents working in parallel have established,
 * kept in workflow state (deterministic; it survives crashes with the history).
 *
 * Agents propose entries by returning them; the workflow adds them once the step
 * has passed validation. Facts are accepted at confidence >= 0.8; hypotheses are
 * tracked. Two facts about the same metric, scope and period whose values differ,
 * or two observations whose directions conflict, are recorded as a contradiction
 * naming both entries. Retrieval goes by tags (metric, dimension, period).
 */
import type { Contradiction, MemoryDraft, MemoryEntry, MemorySnapshot } from '../contracts';

export const FACT_CONFIDENCE = 0.8;
/** Relative difference above which two values for the same fact disagree. */
const VALUE_TOLERANCE = 1e-6;

export class MemoryPool {
  private readonly entries: MemoryEntry[] = [];
  private readonly contradictions: Contradiction[] = [];

  constructor(snapshot?: MemorySnapshot) {
    if (snapshot) {
      this.entries.push(...snapshot.entries);
      this.contradictions.push(...snapshot.contradictions);
    }
  }

  /** Adds an agent's entries; returns their ids. `now` comes from the caller (workflow time). */
  add(agent: string, drafts: MemoryDraft[], now: string): string[] {
    return drafts.map((draft) => {
      const entry: MemoryEntry = { ...draft, id: `${agent}-${this.entries.length + 1}`, agent, created_at: now };
      this.checkAgainst(entry);
      this.entries.push(entry);
      return entry.id;
    });
  }

  private isFact(e: MemoryEntry): boolean {
    return e.type === 'fact' && e.confidence >= FACT_CONFIDENCE;
  }

  private checkAgainst(entry: MemoryEntry): void {
    const same = (e: MemoryEntry) =>
      e.tags.metric === entry.tags.metric && e.tags.scope === entry.tags.scope && e.tags.period === entry.tags.period;
    for (const other of this.entries) {
      if (!same(other)) continue;
      if (this.isFact(entry) && this.isFact(other) && entry.value !== null && other.value !== null) {
        const scale = Math.max(Math.abs(entry.value), Math.abs(other.value), 1e-12);
        if (Math.abs(entry.value - other.value) / scale > VALUE_TOLERANCE) {
          this.contradictions.push({
            entry_ids: [other.id, entry.id],
            description: `${entry.tags.metric ?? '?'} ${entry.tags.scope || '(all)'} ${entry.tags.period}: ${other.agent} says ${other.value}, ${entry.agent} says ${entry.value}`,
          });
        }
      }
      if (
        entry.direction &&
        other.direction &&
        entry.direction !== other.direction &&
        entry.type !== 'question' &&
        other.type !== 'question'
      ) {
        this.contradictions.push({
          entry_ids: [other.id, entry.id],
          description: `${entry.tags.metric ?? '?'} ${entry.tags.scope || '(all)'} ${entry.tags.period}: ${other.agent} says ${other.direction}, ${entry.agent} says ${entry.direction}`,
        });
      }
    }
  }

  /**
   * Accepted facts and tracked hypotheses relevant to a step: those about one of its
   * metrics, or scoped by one of its dimensions, or in one of its periods.
   */
  retrieve(query: { metrics: string[]; dimensions: string[]; periods: string[] }): MemoryEntry[] {
    return this.entries.filter((e) => {
      if (!(this.isFact(e) || e.type === 'hypothesis')) return false;
      return (
        (e.tags.metric !== null && query.metrics.includes(e.tags.metric)) ||
        e.tags.dimensions.some((d) => query.dimensions.includes(d)) ||
        query.periods.includes(e.tags.period)
      );
    });
  }

  /** The snapshot a run returns: ids, contradictions, and only the entries worth reading (hypotheses and contradicting entries). */
  summary(): MemorySnapshot {
    const full = this.snapshot();
    const named = new Set([...full.hypotheses, ...full.contradictions.flatMap((c) => c.entry_ids)]);
    return { ...full, entries: full.entries.filter((e) => named.has(e.id)) };
  }

  snapshot(): MemorySnapshot {
    return {
      entries: [...this.entries],
      facts: this.entries.filter((e) => this.isFact(e)).map((e) => e.id),
      hypotheses: this.entries.filter((e) => e.type === 'hypothesis').map((e) => e.id),
      contradictions: [...this.contradictions],
    };
  }
}

/** A period tag: YYYY-MM for exactly one calendar month, start..end otherwise. */
export function periodTag(start: string, end: string): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const next = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
  return start.endsWith('-01') && end === next ? start.slice(0, 7) : `${start}..${end}`;
}
