/** The shared memory pool: what agents propose to remember, the entries kept, and contradictions between them. */
import { z } from 'zod';

// ---------------------------------------------------------------- shared memory pool

/** What an entry is about, for retrieval by metric, dimension and period (never by substring). */
export const MemoryTags = z.object({
  metric: z.string().nullable(),
  /** Dimensions the entry is scoped or broken down by. */
  dimensions: z.array(z.string()),
  /** Canonical scope, e.g. "region=华东" or "" for everything. */
  scope: z.string(),
  /** YYYY-MM for a month, or start..end for a longer period. */
  period: z.string(),
});
export type MemoryTags = z.infer<typeof MemoryTags>;

/** An entry as an agent proposes it; the pool gives it an id and a time. */
export const MemoryDraft = z.object({
  type: z.enum(['fact', 'hypothesis', 'observation', 'question']),
  content: z.string().min(1),
  confidence: z.number().min(0).max(1),
  references: z.array(z.string()),
  tags: MemoryTags,
  /** The number a fact states, for contradiction checks. */
  value: z.number().nullable(),
  /** The direction an observation states (up / down / flat). */
  direction: z.enum(['up', 'down', 'flat']).nullable(),
});
export type MemoryDraft = z.infer<typeof MemoryDraft>;

export const MemoryEntry = MemoryDraft.extend({
  id: z.string(),
  agent: z.string(),
  created_at: z.string(),
});
export type MemoryEntry = z.infer<typeof MemoryEntry>;

export const Contradiction = z.object({
  entry_ids: z.tuple([z.string(), z.string()]),
  description: z.string(),
});
export type Contradiction = z.infer<typeof Contradiction>;
