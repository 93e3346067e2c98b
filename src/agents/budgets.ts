/**
 * Token budgets per agent, from config/budgets.yaml, and token counting with a real
 * tokenizer (gpt-tokenizer, o200k: the encoding of current OpenAI models; pure
 * JavaScript, no native parts, actively maintained).
 */
import fs from 'node:fs';
import path from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { parse } from 'yaml';
import { z } from 'zod';
import { PROJECT_ROOT } from '../settings/config';

const Budget = z.object({ input: z.number().int().positive(), output: z.number().int().positive() });
export type Budget = z.infer<typeof Budget>;
const Budgets = z.record(z.string(), Budget);

/** When an agent has no entry. */
export const DEFAULT_BUDGET: Budget = { input: 4000, output: 1500 };

let cached: Record<string, Budget> | null = null;

export function budgets(): Record<string, Budget> {
  if (cached) return cached;
  const file = path.resolve(PROJECT_ROOT, process.env.BATON_BUDGETS_FILE ?? 'config/budgets.yaml');
  const parsed = Budgets.safeParse(parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`budgets file ${file}: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  cached = parsed.data;
  return cached;
}

export function budgetFor(agent: string): Budget {
  return budgets()[agent] ?? DEFAULT_BUDGET;
}

/** Tokens of a value as an agent sees it (its JSON). */
export function tokensOf(value: unknown): number {
  return countTokens(typeof value === 'string' ? value : JSON.stringify(value) ?? '');
}
