/**
 * The conversation safety net: when an agent's conversation passes its token
 * budget, the oldest half of the unpinned turns is summarised into one message and
 * the newest turns are kept verbatim. Pinned turns (the task with its plan, clues
 * and tracking status) are never summarised.
 */
import { tokensOf } from '../agents/budgets';

export interface Turn {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  /** Kept verbatim whatever the budget. */
  pinned?: boolean;
  tool_call_id?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
}

/** One line per turn: who said it and how it began. */
function summarise(turns: Turn[]): string {
  return turns.map((t) => `${t.role}: ${t.content.replace(/\s+/g, ' ').slice(0, 160)}${t.content.length > 160 ? '…' : ''}`).join('\n');
}

export function fitConversation(turns: Turn[], budgetTokens: number, keepNewest: number): { turns: Turn[]; summarised: number } {
  if (tokensOf(turns.map((t) => t.content).join('\n')) <= budgetTokens) return { turns, summarised: 0 };
  const loose = turns
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => !t.pinned && i < turns.length - keepNewest && !t.tool_calls && t.role !== 'tool');
  const oldest = loose.slice(0, Math.max(1, Math.ceil(loose.length / 2)));
  if (oldest.length === 0 || loose.length === 0) return { turns, summarised: 0 };
  const dropped = new Set(oldest.map(({ i }) => i));
  const at = Math.min(...dropped);
  const summary: Turn = { role: 'user', content: `Summary of ${oldest.length} earlier turn(s):\n${summarise(oldest.map(({ t }) => t))}` };
  const kept = turns.flatMap((t, i) => (i === at ? [summary] : dropped.has(i) ? [] : [t]));
  return { turns: kept, summarised: oldest.length };
}
