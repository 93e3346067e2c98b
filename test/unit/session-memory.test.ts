/**
 * Memory by distance (src/sessions/memory.ts): the last turn whole, older turns compressed to their readings and
 * verified numbers, constraints kept until lifted or reset, contradictions between turns named, and the thread for
 * the planner fitted within its token budget (counted with the real tokenizer, src/agents/budgets.ts).
 */
import { tokensOf } from '../../src/agents/budgets';
import type { FollowUpOutput } from '../../src/contracts/session';
import type { QuestionReading, ResultMetric } from '../../src/contracts';
import {
  constraintsAfter,
  emptyMemory,
  estimateTokens,
  factsOf,
  rememberTurn,
  resetMemory,
  threadText,
  type SessionMemory,
  type TurnOutcome,
} from '../../src/sessions/memory';

const W2023 = { start: '2023-01-01', end: '2024-01-01', label_zh: '2023年', label_en: '2023', source: 'question' as const };

function reading(statement: string, filters: QuestionReading['filters'] = [], group_by: string[] = []): QuestionReading {
  return {
    metrics: ['revenue'],
    metric_labels: ['Revenue'],
    window: W2023,
    compared_with: null,
    grain: null,
    group_by,
    filters,
    ranking: null,
    not_used: [],
    statement,
  };
}

const metric = (label: string, value: number, verified = true): ResultMetric => ({
  name: 'revenue',
  label,
  value,
  unit: 'USD',
  period: '2023',
  calculation_id: verified ? 's1:total:value' : null,
  verified,
  citation: verified ? 1 : null,
});

function outcome(turn: number, statement: string, metrics: ResultMetric[], filters: QuestionReading['filters'] = []): TurnOutcome {
  return {
    turn,
    question: `question ${turn}`,
    resolved_question: `question ${turn}`,
    asOf: '2024-06-01',
    status: 'completed',
    intent: 'query',
    reading: reading(statement, filters),
    answer: `${statement}\nanswer of turn ${turn}`,
    metrics,
  };
}

function remember(memory: SessionMemory, o: TurnOutcome) {
  return rememberTurn(memory, o, 'en');
}

test('the last turn is kept whole; older turns are compressed to their readings and verified numbers', () => {
  let m = remember(emptyMemory(), outcome(1, 'Revenue, 2023', [metric('Revenue', 481.45)])).memory;
  m = remember(m, outcome(2, 'Revenue, 2023, by country', [metric('USA', 102.98), metric('Canada', 57.42, false)])).memory;
  expect(m.thread).toMatchObject({ turn: 2, reading: { statement: 'Revenue, 2023, by country' } });
  expect(m.last?.metrics).toHaveLength(2);
  expect(m.older).toEqual([{ turn: 1, question: 'question 1', reading: 'Revenue, 2023', facts: ['Revenue (2023) = 481.45 USD'] }]);
  // Only verified numbers are facts, each with its confidence and source turn.
  expect(m.facts.map((f) => [f.turn, f.content, f.confidence])).toEqual([
    [1, 'Revenue (2023) = 481.45 USD', 1],
    [2, 'USA (2023) = 102.98 USD', 1],
  ]);
  const text = threadText(m, 1000);
  expect(text.split('\n')[0]).toBe('Turn 2 (the last, whole): "question 2"');
  expect(text).toContain('USA (2023) = 102.98 USD [verified]; Canada (2023) = 57.42 USD [unverified]');
  expect(text).toContain('Turn 1: "question 1" read as: Revenue, 2023; verified: Revenue (2023) = 481.45 USD');
});

test('a number verified at another value for the same metric, window and filters is named as a contradiction', () => {
  let m = remember(emptyMemory(), outcome(1, 'Revenue, 2023', [metric('Revenue', 481.45)])).memory;
  const same = remember(m, outcome(2, 'Revenue, 2023', [metric('Revenue', 481.45)]));
  expect(same.found).toEqual([]);
  const changed = remember(same.memory, outcome(3, 'Revenue, 2023', [metric('Revenue', 490.1)]));
  expect(changed.found).toEqual(['note: Revenue (2023) is 490.10 in turn 3, but was 481.45 in turn 2 (the data may have changed)']);
  expect(changed.memory.contradictions).toEqual(changed.found);
  expect(rememberTurn(same.memory, outcome(3, 'Revenue, 2023', [metric('Revenue', 490.1)]), 'zh').found[0]).toContain('第 3 轮为 490.10');
  // Another filter is another number, not a contradiction.
  m = remember(
    changed.memory,
    outcome(4, 'Revenue, 2023, country = USA', [metric('Revenue', 102.98)], [{ dimension: 'country', values: ['USA'] }]),
  ).memory;
  expect(m.contradictions).toHaveLength(1);
  expect(factsOf(outcome(5, 'x', [metric('Revenue', 1, false)]))).toEqual([]);
});

const followUp = (over: Partial<Extract<FollowUpOutput, { kind: 'follow_up' }>>): FollowUpOutput => {
  const { statement: _s, not_used: _n, metric_labels: _l, ...expected } = reading('x', [{ dimension: 'country', values: ['USA'] }]);
  return {
    kind: 'follow_up',
    changes: ['add_filter'],
    carried_over: ['metric', 'period'],
    resolved_question: 'q',
    expected,
    lifted: [],
    ...over,
  };
};

test('constraints set by follow-ups are kept until lifted or reset', () => {
  let c = constraintsAfter([], followUp({}), 2);
  expect(c).toEqual([{ dimension: 'country', values: ['USA'], set_in_turn: 2 }]);
  // A breakdown keeps the constraint as it is; a fresh question does too.
  c = constraintsAfter(c, followUp({ changes: ['add_breakdown'] }), 3);
  c = constraintsAfter(c, { kind: 'fresh', question: 'revenue by genre in 2023' }, 4);
  expect(c).toEqual([{ dimension: 'country', values: ['USA'], set_in_turn: 2 }]);
  const { expected } = followUp({}) as Extract<FollowUpOutput, { kind: 'follow_up' }>;
  c = constraintsAfter(
    c,
    followUp({ changes: ['replace_filter'], expected: { ...expected, filters: [{ dimension: 'country', values: ['Canada'] }] } }),
    5,
  );
  expect(c).toEqual([{ dimension: 'country', values: ['Canada'], set_in_turn: 5 }]);
  expect(
    constraintsAfter(c, followUp({ changes: ['lift_filter'], lifted: ['country'], expected: { ...expected, filters: [] } }), 6),
  ).toEqual([]);
  expect(constraintsAfter(c, { kind: 'reset', question: null }, 6)).toEqual([]);
  const m = resetMemory({ ...remember(emptyMemory(), outcome(1, 'Revenue, 2023', [metric('Revenue', 1)])).memory, constraints: c });
  expect([m.thread, m.last, m.constraints, m.facts.length]).toEqual([null, null, [], 1]);
});

test('the thread fits its token budget, dropping the oldest compressed turns first; the constraints always stay', () => {
  let m: SessionMemory = { ...emptyMemory(), constraints: [{ dimension: 'country', values: ['USA'], set_in_turn: 2 }] };
  for (let t = 1; t <= 30; t++)
    m = remember(
      m,
      outcome(t, `Revenue, 2023, country = USA, by genre (turn ${t})`, [metric(`Rock ${t}`, 1000 + t), metric(`Jazz ${t}`, 20.5 * t)]),
    ).memory;
  const whole = threadText(m, 100_000);
  expect(whole).toContain('Turn 1: "question 1"');
  for (const budget of [200, 500, 1500]) {
    const text = threadText(m, budget);
    expect(tokensOf(text)).toBeLessThanOrEqual(budget);
    expect(text).toContain('Constraints the user set (keep them): country = USA (turn 2)');
    expect(text).toContain('Turn 30 (the last, whole)');
    // What is left of the older turns is the newest of them.
    const kept = [...text.matchAll(/^Turn (\d+): /gm)].map((x) => Number(x[1]));
    expect(kept).toEqual([...kept].sort((a, b) => b - a));
    if (kept.length) expect(kept[0]).toBe(29);
  }
  expect([...threadText(m, 200).matchAll(/^Turn \d+: /gm)].length).toBeLessThan([...threadText(m, 1500).matchAll(/^Turn \d+: /gm)].length);
});

test('the token estimate counts by character: letters two to a token, spaces two to a token, everything else one each', () => {
  expect(estimateTokens('')).toBe(0);
  expect(estimateTokens('abc')).toBe(2); // three letters: two tokens at most
  expect(estimateTokens('ab cd')).toBe(3); // four letters (2) and one space (1)
  expect(estimateTokens('2024-03')).toBe(7);
  expect(estimateTokens('收入 美国')).toBe(5); // four ideographs and a space
  // A character outside the Basic Multilingual Plane is one character, though JavaScript stores it as two code units.
  expect(estimateTokens('📈 up')).toBe(3);
  expect(estimateTokens('𠀀')).toBe(1);
  // A lone surrogate (broken text) still counts.
  expect(estimateTokens('\ud800x')).toBe(2);
});

test('the token estimate the workflow uses is an upper bound of the real tokenizer on thread-like text', () => {
  const samples = [
    'Turn 3 (the last, whole): "revenue by country in 2024" read as: Revenue, 2024-01-01..2024-12-31, by country',
    '收入，2023年，国家 = 美国，按流派（沿用：指标、筛选）：Rock 1,234.56 美元；Jazz 98.01 美元',
    'numbers: USA (2023) = 102.98 USD [verified]; Canada (2023) = 57.42 USD [unverified]; 2023-03-01..2023-04-01',
    'Constraints the user set (keep them): billing_country = USA or Canada (turn 2); genre = Rock (turn 5)',
  ];
  for (const s of samples) expect(estimateTokens(s)).toBeGreaterThanOrEqual(tokensOf(s));
});
