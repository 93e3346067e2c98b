/**
 * Token budgets per agent: each agent's default in the agents' table (src/agents/table.ts), overridden per agent by
 * config/budgets.yaml (or the file BATON_BUDGETS_FILE names); and token counting with a real
 * tokenizer (gpt-tokenizer, o200k: the encoding of current OpenAI models; pure
 * JavaScript, no native parts, actively maintained).
 */
import fs from 'node:fs';
import path from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { parse } from 'yaml';
import { z } from 'zod';
import { PROJECT_ROOT } from '../settings/config';
import { AGENTS, agentOfType } from './table';

const Budget = z.object({ input: z.number().int().positive(), output: z.number().int().positive() });
export type Budget = z.infer<typeof Budget>;
const Budgets = z.record(z.string(), Budget);

/** When an activity type is no agent's. */
export const DEFAULT_BUDGET: Budget = { input: 4000, output: 1500 };

let cached: Record<string, Budget> | null = null;

/** Every agent's budget: the table's, with the budgets file's entries over it. */
export function budgets(): Record<string, Budget> {
  if (cached) return cached;
  const file = path.resolve(PROJECT_ROOT, process.env.BATON_BUDGETS_FILE ?? 'config/budgets.yaml');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  // A file of comments only overrides nothing.
  const parsed = Budgets.safeParse(parse(text) ?? {});
  if (!parsed.success)
    throw new Error(
      `budgets file ${file}: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  const defaults = Object.fromEntries(Object.entries(AGENTS).map(([agent, spec]) => [agent, { ...spec.budget }]));
  cached = { ...defaults, ...parsed.data };
  return cached;
}

/** The budget of an activity type: an agent's current name or the one it had before a rename. */
export function budgetFor(activityType: string): Budget {
  const all = budgets();
  return all[activityType] ?? all[agentOfType(activityType) ?? ''] ?? DEFAULT_BUDGET;
}

/** Tokens of a value as an agent sees it (its JSON). */
export function tokensOf(value: unknown): number {
  return countTokens(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}
