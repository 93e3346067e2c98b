/** The baton itself: layered compression, the shared memory pool and contract checks, on their own. */
import { ApplicationFailure } from '@temporalio/common';
import fc from 'fast-check';
import * as activities from '../../src/activities';
import { runSqlStep } from '../../src/activities';
import { checkContract } from '../../src/agents/contract';
import { AnalysisOutput, type Handoff, type MemoryDraft } from '../../src/contracts';
import { MemoryPool, periodTag } from '../../src/memory/pool';
import { compressForDistance, relayChain } from '../../src/relay/compress';
import { condenseToBudget } from '../../src/relay/condense';
import { budgetFor, budgets, tokensOf } from '../../src/agents/budgets';

const text = fc.string({ minLength: 1, maxLength: 30 });
const handoff = (id: number): fc.Arbitrary<Handoff> =>
  fc.record({
    task_id: fc.constant(`s${id}`),
    description: text,
    layer: fc.constant('full' as const),
    kind: fc.constantFrom('metric', 'trend', 'compare', 'gap_contribution', 'rank_contributors'),
    depends_on: fc.constant(id > 1 ? [`s${id - 1}`] : []),
    status: fc.constantFrom('passed' as const, 'passed' as const, 'failed' as const),
    filters_applied: fc.array(text, { maxLength: 6 }),
    assumptions_made: fc.array(text, { maxLength: 8 }),
    paths_excluded: fc.array(text, { maxLength: 6 }),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
    findings: fc.array(
      fc.record({ summary: text, detail: fc.string({ maxLength: 200 }), evidence_refs: fc.array(text, { maxLength: 3 }) }),
      { maxLength: 5 },
    ),
    key_findings: fc.constant([]),
    conclusion: fc.constant(null),
    data_summary: fc.dictionary(text, fc.oneof(fc.double({ noNaN: true }), text, fc.constant(null)), { maxKeys: 5 }),
    result_shape: fc.tuple(fc.nat(10_000), fc.nat(20)),
    anomalies_found: fc.array(text, { maxLength: 3 }),
    result_ref: fc.option(text, { nil: null }),
  });
const chain = fc.integer({ min: 1, max: 15 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => handoff(i + 1))));

describe('layered compression by distance', () => {
  test("every upstream step's filters, assumptions and excluded paths reach every downstream step", () => {
    fc.assert(
      fc.property(chain, (steps) => {
        for (let at = 1; at <= steps.length; at++) {
          const received = relayChain(steps, at);
          expect(received).toHaveLength(at);
          received.forEach((got, i) => {
            const sent = steps[i]!;
            expect(got.task_id).toBe(sent.task_id);
            expect(got.filters_applied).toEqual(sent.filters_applied);
            expect(got.assumptions_made).toEqual(sent.assumptions_made);
            expect(got.paths_excluded).toEqual(sent.paths_excluded);
          });
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('the layers: last 2 nearly full, 3-4 one-line findings, 5+ a conclusion', () => {
    fc.assert(
      fc.property(chain, (steps) => {
        const received = relayChain(steps, steps.length);
        received.forEach((got, i) => {
          const distance = steps.length - i;
          const sent = steps[i]!;
          if (sent.status !== 'passed') {
            // A step that did not pass keeps why, at every distance.
            expect(got.conclusion).toBe(sent.conclusion);
            return;
          }
          if (distance <= 2) {
            expect(got).toMatchObject({ layer: 'full', findings: sent.findings, data_summary: sent.data_summary });
          } else if (distance <= 4) {
            expect(got).toMatchObject({
              layer: 'findings',
              findings: [],
              data_summary: null,
              key_findings: sent.findings.map((f) => f.summary),
            });
          } else {
            expect(got).toMatchObject({ layer: 'conclusion', findings: [], key_findings: [], data_summary: null });
            expect(got.conclusion).toBe(sent.findings.map((f) => f.summary).join(' ') || `${sent.task_id}: passed`);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  test('compressing again never loses what must be kept', () => {
    fc.assert(
      fc.property(handoff(1), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (h, d1, d2) => {
        const twice = compressForDistance(compressForDistance(h, d1), d2);
        expect([twice.filters_applied, twice.assumptions_made, twice.paths_excluded]).toEqual([
          h.filters_applied,
          h.assumptions_made,
          h.paths_excluded,
        ]);
      }),
    );
  });
});

describe('shared memory pool', () => {
  const fact = (metric: string, scope: string, period: string, value: number, confidence = 0.95): MemoryDraft => ({
    type: 'fact',
    content: `${metric} ${scope} ${period} = ${value}`,
    confidence,
    references: [],
    tags: { metric, dimensions: scope ? [scope.split('=')[0]!] : [], scope, period },
    value,
    direction: null,
  });

  test('a planted contradiction between two facts is recorded with both entry ids', () => {
    const pool = new MemoryPool();
    const [a] = pool.add('sql-s1', [fact('gmv', 'region=华东', '2026-10', 761973.94)], '2026-11-30T00:00:00Z');
    pool.add('sql-s2', [fact('gmv', 'region=华北', '2026-10', 699673.32)], '2026-11-30T00:00:01Z'); // other scope: no conflict
    pool.add('sql-s3', [fact('gmv', 'region=华东', '2026-10', 761973.94)], '2026-11-30T00:00:02Z'); // agrees
    const [b] = pool.add('sql-s4', [fact('gmv', 'region=华东', '2026-10', 700000)], '2026-11-30T00:00:03Z');
    const snapshot = pool.snapshot();
    expect(snapshot.contradictions).toEqual([
      { entry_ids: [a, b], description: 'gmv region=华东 2026-10: sql-s1 says 761973.94, sql-s4 says 700000' },
      { entry_ids: ['sql-s3-3', b], description: 'gmv region=华东 2026-10: sql-s3 says 761973.94, sql-s4 says 700000' },
    ]);
  });

  test('conflicting directions are contradictions; facts below 0.8 are not accepted; hypotheses are tracked', () => {
    const pool = new MemoryPool();
    const observation = (direction: 'up' | 'down'): MemoryDraft => ({
      ...fact('gmv', 'category=数码', '2026-05..2026-10', 0),
      type: 'observation',
      value: null,
      direction,
    });
    const hypothesis: MemoryDraft = {
      ...fact('repurchase_rate', 'customer_type=new', '2026-09..2026-10', -0.09),
      type: 'hypothesis',
      confidence: 0.7,
    };
    const [up] = pool.add('compute-s2', [observation('up')], 't');
    const [down] = pool.add('compute-s4', [observation('down')], 't');
    const [weak] = pool.add('sql-s5', [fact('aov', '', '2026-10', 400, 0.6)], 't');
    const [idea] = pool.add('compute-s6', [hypothesis], 't');
    const snapshot = pool.snapshot();
    expect(snapshot.contradictions.map((c) => c.entry_ids)).toEqual([[up, down]]);
    expect(snapshot.facts).not.toContain(weak);
    expect(snapshot.hypotheses).toEqual([idea]);
  });

  test('retrieval goes by metric, dimension and period tags, not by words in the content', () => {
    const pool = new MemoryPool();
    const [gmv] = pool.add('a', [fact('gmv', 'region=华东', '2026-10', 1)], 't');
    const [aov] = pool.add('b', [fact('aov', 'category=数码', '2026-09', 2)], 't');
    const [rate] = pool.add('c', [{ ...fact('repurchase_rate', '', '2026-08', 0.2), content: 'mentions gmv and region in its text' }], 't');
    expect(pool.retrieve({ metrics: ['gmv'], dimensions: [], periods: [] }).map((e) => e.id)).toEqual([gmv]);
    expect(pool.retrieve({ metrics: [], dimensions: ['category'], periods: [] }).map((e) => e.id)).toEqual([aov]);
    expect(pool.retrieve({ metrics: [], dimensions: [], periods: ['2026-08'] }).map((e) => e.id)).toEqual([rate]);
    expect(pool.retrieve({ metrics: ['orders'], dimensions: ['channel'], periods: ['2026-01'] })).toEqual([]);
  });

  test('period tags name a calendar month or a range', () => {
    expect(periodTag('2026-10-01', '2026-11-01')).toBe('2026-10');
    expect(periodTag('2026-12-01', '2027-01-01')).toBe('2026-12');
    expect(periodTag('2026-05-01', '2026-11-01')).toBe('2026-05-01..2026-11-01');
  });
});

describe('contracts', () => {
  test('an agent given a bad input fails non-retryably, naming the agent, the field and the problem', async () => {
    const failure = await runSqlStep({ workflow_id: 'w', step: { step_id: 's1' } } as never).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'ContractViolation', nonRetryable: true });
    expect((failure as Error).message).toMatch(/^sql agent input breaks its contract: field "step\.description": .+ \(and \d+ more\)$/);
  });

  test('an output that breaks the analysis contract is refused the same way', () => {
    expect(() => checkContract('analysis', 'output', AnalysisOutput, { task_id: 'a', confidence_level: 2 })).toThrow(
      /^analysis agent output breaks its contract: field "input_task_id": /,
    );
  });
});

describe('budgets', () => {
  const handoffOf = (i: number, filler: string): Handoff => ({
    task_id: `s${i}`,
    description: `step ${i}`,
    layer: 'full',
    kind: 'metric',
    depends_on: [],
    status: 'passed',
    filters_applied: [`filter ${i}`],
    assumptions_made: [`assumption ${i}`],
    paths_excluded: [`path ${i}`],
    confidence: 0.9,
    findings: [{ summary: `Step ${i} found something. ${filler}`, detail: filler, evidence_refs: [] }],
    key_findings: [],
    conclusion: null,
    data_summary: { note: filler },
    result_shape: [1, 1],
    anomalies_found: [],
    result_ref: null,
  });

  test('tokens are counted with a real tokenizer', () => {
    expect(tokensOf('hello world')).toBe(2);
    expect(tokensOf({ a: 1 })).toBe(tokensOf('{"a":1}'));
  });

  test('a packet over budget is condensed: oldest half summarised, newest verbatim, must-keep items whole, and a note says so', () => {
    const chain = Array.from({ length: 8 }, (_, i) => handoffOf(i + 1, 'lorem ipsum dolor sit amet '.repeat(40)));
    const before = tokensOf(chain);
    const { chain: condensed, note } = condenseToBudget(chain, Math.floor(before / 3), tokensOf);
    expect(tokensOf(condensed)).toBeLessThanOrEqual(Math.floor(before / 3));
    expect(condensed[condensed.length - 1]).toEqual(chain[7]);
    expect(condensed[0]?.kind).toBe('summary');
    // The summary names the steps it covers, one line each, even across rounds; the rest is verbatim.
    const [firstId, lastId] = condensed[0]!.task_id.split('..');
    const covered = Number(lastId!.slice(1));
    expect(firstId).toBe('s1');
    expect(condensed[0]?.conclusion).toBe(Array.from({ length: covered }, (_, i) => `s${i + 1}: Step ${i + 1} found something.`).join(' '));
    expect(condensed.slice(1)).toEqual(chain.slice(covered));
    for (const key of ['filters_applied', 'assumptions_made', 'paths_excluded'] as const) {
      expect(condensed.flatMap((h) => h[key]).sort()).toEqual(chain.flatMap((h) => h[key]).sort());
    }
    expect(note).toMatch(new RegExp(`^context condensed from ${before} to \\d+ tokens \\(budget ${Math.floor(before / 3)}\\)`));
    expect(condenseToBudget(chain, before, tokensOf)).toEqual({ chain, note: null });
  });

  test('every agent has a budget in the configuration', () => {
    // Every activity the worker registers, so a new agent cannot arrive without one.
    const agents = Object.keys(activities);
    // 16 agents (the follow-up agent of conversations among them), the run record's writer (storeRunRecord) and the store of large inputs (storeInput).
    // … and the two schedule agents (recordScheduledRun, deliverAlert).
    expect(agents.length).toBe(16 + 2 + 2);
    expect(agents).toEqual(expect.arrayContaining(['storeRunRecord', 'storeInput']));
    for (const agent of agents) {
      expect(budgets()[agent]).toEqual({ input: expect.any(Number), output: expect.any(Number) });
    }
    expect(budgetFor('writeReport')).toEqual({ input: 6000, output: 1000 });
  });
});
