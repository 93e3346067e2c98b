/**
 * A session's memory by distance (seeds 000 and 004): the last answered turn kept whole (its reading, answer and
 * metrics), older turns compressed to their readings, key facts and verified numbers; the constraints the user set
 * with follow-ups, kept until lifted or reset; the facts with their confidence and source turn, and the
 * contradictions between turns (the same metric, window and filters verified at another value later). `threadText`
 * writes it for a model planner within a token budget, dropping the oldest compressed turns first.
 *
 * Pure and sandbox-safe: the session workflow calls it between turns, the client reads it from a closed session.
 */
import type { FollowUpOutput, ThreadReading } from '../contracts/session';
import type { Choice, Language, QuestionReading, ResultMetric, RunStatus } from '../contracts';
import { sessionText } from '../messages/sessions';
import { filterKey, filterLine } from '../contracts/query';

/** A filter the user set (DimensionFilter: kept values, or with `exclude` values left out) and the turn that set it. */
export interface Constraint {
  dimension: string;
  values: string[];
  exclude?: true;
  set_in_turn: number;
}

/** A verified number the thread established, with where it came from. */
export interface SessionFact {
  turn: number;
  /** The metric, its label, period, window and filters: two facts with the same key are the same number. */
  key: string;
  content: string;
  value: number | null;
  confidence: number;
}

export interface LastTurn {
  turn: number;
  question: string;
  resolved_question: string;
  reading: QuestionReading;
  answer: string;
  metrics: ResultMetric[];
}

export interface CompressedTurn {
  turn: number;
  question: string;
  reading: string;
  facts: string[];
}

export interface SessionMemory {
  /** The reading a follow-up starts from; null before the first answer and after a reset. */
  thread: ThreadReading | null;
  last: LastTurn | null;
  older: CompressedTurn[];
  facts: SessionFact[];
  constraints: Constraint[];
  contradictions: string[];
  /** The answers the last turn's question back offered (a reply may name one); absent after any other turn. */
  choices?: Choice[];
}

/** How much a memory keeps: older turns, facts, contradictions and the numbers each compressed turn keeps. */
export const MEMORY_LIMITS = { older: 30, facts: 120, contradictions: 30, factsPerTurn: 6, answerChars: 1500 } as const;

export function emptyMemory(): SessionMemory {
  return { thread: null, last: null, older: [], facts: [], constraints: [], contradictions: [] };
}

/** A turn's outcome as memory takes it in. */
export interface TurnOutcome {
  turn: number;
  question: string;
  resolved_question: string;
  asOf: string;
  status: RunStatus;
  intent: ThreadReading['intent'];
  reading: QuestionReading | null;
  answer: string;
  metrics: ResultMetric[];
}

const windowKey = (r: QuestionReading | null) => (r?.window ? `${r.window.start}..${r.window.end}` : '-');
const filtersKey = (r: QuestionReading | null) => (r?.filters ?? []).map(filterKey).sort().join('&');

function number(value: number | null, unit: string | null): string {
  if (value === null) return '-';
  const rounded = Math.abs(value) >= 100 ? value.toFixed(2) : String(Number(value.toPrecision(6)));
  return unit ? `${rounded} ${unit}` : rounded;
}

/** The verified numbers of a turn as facts (an unverified number is never a fact). */
export function factsOf(outcome: TurnOutcome): SessionFact[] {
  const confidence = outcome.status === 'completed' ? 1 : 0.8;
  return outcome.metrics
    .filter((m) => m.verified)
    .map((m) => ({
      turn: outcome.turn,
      key: [m.name, m.label, m.period, windowKey(outcome.reading), filtersKey(outcome.reading)].join(' · '),
      content: `${m.label} (${m.period}) = ${number(m.value, m.unit)}`,
      value: m.value,
      confidence,
    }));
}

const differs = (a: number | null, b: number | null) =>
  a !== b && (a === null || b === null || Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

function compress(last: LastTurn): CompressedTurn {
  return {
    turn: last.turn,
    question: last.question,
    reading: last.reading.statement,
    facts: last.metrics
      .filter((m) => m.verified)
      .slice(0, MEMORY_LIMITS.factsPerTurn)
      .map((m) => `${m.label} (${m.period}) = ${number(m.value, m.unit)}`),
  };
}

/**
 * The memory after an answered turn: its reading becomes the thread and the last turn, the previous last turn is
 * compressed, its verified numbers become facts; a fact that contradicts an earlier one (same key, other value) is
 * named, in the answer's language. Returns the memory and the contradictions this turn found.
 */
export function rememberTurn(memory: SessionMemory, outcome: TurnOutcome, language: Language): { memory: SessionMemory; found: string[] } {
  if (!outcome.reading || (outcome.status !== 'completed' && outcome.status !== 'degraded')) return { memory, found: [] };
  const text = sessionText(language);
  const found: string[] = [];
  const facts = [...memory.facts];
  for (const fact of factsOf(outcome)) {
    const i = facts.findIndex((f) => f.key === fact.key);
    const before = i >= 0 ? facts[i] : undefined;
    if (before && before.turn !== fact.turn && differs(before.value, fact.value)) {
      found.push(
        text('sessions.contradiction', {
          fact: fact.content.replace(/ = .*$/, ''),
          turn: fact.turn,
          now: number(fact.value, null),
          before_turn: before.turn,
          before: number(before.value, null),
        }),
      );
    }
    if (i >= 0) facts.splice(i, 1);
    facts.push(fact);
  }
  const older = memory.last ? [...memory.older, compress(memory.last)] : memory.older;
  const thread: ThreadReading = {
    turn: outcome.turn,
    question: outcome.question,
    resolved_question: outcome.resolved_question,
    intent: outcome.intent,
    asOf: outcome.asOf,
    reading: outcome.reading,
  };
  return {
    memory: {
      thread,
      last: {
        turn: outcome.turn,
        question: outcome.question,
        resolved_question: outcome.resolved_question,
        reading: outcome.reading,
        answer: outcome.answer.slice(0, MEMORY_LIMITS.answerChars),
        metrics: outcome.metrics,
      },
      older: older.slice(-MEMORY_LIMITS.older),
      facts: facts.slice(-MEMORY_LIMITS.facts),
      constraints: memory.constraints,
      contradictions: [...memory.contradictions, ...found].slice(-MEMORY_LIMITS.contradictions),
    },
    found,
  };
}

/**
 * The constraints after a follow-up's reading, applied once the turn was taken as read: a reset drops them; a
 * follow-up lifts those it names and makes each filter it set or replaced a constraint of this turn.
 */
export function constraintsAfter(constraints: Constraint[], followUp: FollowUpOutput, turn: number): Constraint[] {
  if (followUp.kind === 'reset') return [];
  if (followUp.kind !== 'follow_up') return constraints;
  const lifted = new Set(followUp.lifted);
  let out = constraints.filter((c) => !lifted.has(c.dimension));
  if (followUp.changes.includes('add_filter') || followUp.changes.includes('replace_filter')) {
    for (const f of followUp.expected.filters) {
      if (lifted.has(f.dimension)) continue;
      const same = out.find((c) => c.dimension === f.dimension);
      if (same && filterKey(same) === filterKey(f)) continue;
      out = [...out.filter((c) => c.dimension !== f.dimension), { ...f, values: [...f.values], set_in_turn: turn }];
    }
  }
  return out;
}

/** The memory after a reset: the thread, the turns it keeps for the planner and the constraints go; facts stay. */
export function resetMemory(memory: SessionMemory): SessionMemory {
  return { ...memory, thread: null, last: null, older: [], constraints: [] };
}

/**
 * An upper bound of a text's tokens for the o200k tokenizer, without it (the workflow sandbox cannot load its ranks):
 * a token holds at most two letters of a rare word, and digits, punctuation and other scripts are counted one each
 * (the unit test checks the bound against the real tokenizer, src/agents/budgets.ts tokensOf).
 */
export function estimateTokens(text: string): number {
  let letters = 0;
  let spaces = 0;
  let other = 0;
  // By UTF-16 code unit, without a string or a regular expression per character: the thread is counted again at each
  // step of its compression, in the session's workflow task, on the way to every follow-up's run.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
    else if (c === 32) spaces++;
    else {
      other++;
      // A character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph) is one character, not two.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    }
  }
  return Math.ceil(letters / 2) + Math.ceil(spaces / 2) + other;
}

function lastTurnText(last: LastTurn, answerChars: number): string {
  const numbers = last.metrics.map(
    (m) => `${m.label} (${m.period}) = ${number(m.value, m.unit)}${m.verified ? ' [verified]' : ' [unverified]'}`,
  );
  return [
    `Turn ${last.turn} (the last, whole): "${last.question}"`,
    `  read as: ${last.reading.statement}`,
    ...(numbers.length ? [`  numbers: ${numbers.slice(0, 12).join('; ')}`] : []),
    `  answer: ${last.answer.slice(0, answerChars).replace(/\s+/g, ' ')}`,
  ].join('\n');
}

const olderText = (t: CompressedTurn) =>
  `Turn ${t.turn}: "${t.question}" read as: ${t.reading}${t.facts.length ? `; verified: ${t.facts.join('; ')}` : ''}`;

/** The most characters AnalysisRequest.thread takes. */
export const THREAD_MAX_CHARS = 12_000;

/**
 * The thread for a model planner: the constraints (must keep), the last turn whole, older turns compressed, newest
 * first; fitted within `budget` tokens (`count`, by default a bound that needs no tokenizer) by dropping the oldest
 * compressed turns, then shortening the last answer. Empty when there is nothing to say.
 */
export function threadText(memory: SessionMemory, budget: number, count: (text: string) => number = estimateTokens): string {
  const head = memory.constraints.length
    ? [
        `Constraints the user set (keep them): ${memory.constraints.map((c) => `${filterLine(c, ' or ')} (turn ${c.set_in_turn})`).join('; ')}`,
      ]
    : [];
  let older = [...memory.older].reverse().map(olderText);
  let answerChars: number = MEMORY_LIMITS.answerChars;
  const compose = () =>
    [...head, ...(memory.last ? [lastTurnText(memory.last, answerChars)] : []), ...older].join('\n').slice(0, THREAD_MAX_CHARS);
  let text = compose();
  while (count(text) > budget && older.length > 0) {
    older = older.slice(0, -1);
    text = compose();
  }
  while (count(text) > budget && answerChars > 0) {
    answerChars = Math.floor(answerChars / 2);
    text = compose();
  }
  while (count(text) > budget && text.length > 0) text = text.slice(0, Math.floor(text.length * 0.8));
  return text;
}
