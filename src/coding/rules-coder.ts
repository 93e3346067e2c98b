/**
 * The offline rules model's coder: writes the script for a computed step. The
 * script is plain JavaScript that reads its inputs, calls the analysis kit (the
 * vetted functions of src/analysis/derive.ts) and shapes the result; it never
 * sees a database connection, a file or the network (see src/sandbox).
 */
import type { PlanStep, TestFailure } from '../contracts';

export interface WrittenCode {
  code: string;
  /** Read-only SQL the script needs (the tester runs it first); the rules coder needs none. */
  queries: { name: string; sql: string; params: (string | number)[] }[];
}

const json = (v: unknown) => JSON.stringify(v);

function body(step: PlanStep, plantBug: boolean): string[] {
  const op = step.operation;
  // Step ids are data, not names: the script reads its source into a fixed variable.
  const dep = (id: string) => [
    `const source = input.dependencies[${json(id)}];`,
    `if (!source) throw new Error(${json(`dependency ${id} was not handed over`)});`,
  ];
  switch (op.kind) {
    case 'top_n':
      return [
        ...dep(op.source),
        `const result = kit.topN(source.rows, source.columns, ${json(op.column)}, ${op.n}, ${json(op.order)});`,
        ...(plantBug ? ['result.rows.reverse();'] : []),
        'return { columns: result.columns, rows: result.rows, summary: result.summary };',
      ];
    case 'compare':
      return [
        ...dep(op.source),
        `const result = kit.compare(source.rows, ${json(op.key_columns)});`,
        ...(plantBug ? ['for (const row of result.rows) row.diff_vs_first = -row.diff_vs_first + 1;'] : []),
        'return { columns: result.columns, rows: result.rows, summary: result.summary };',
      ];
    case 'trend':
      return [
        ...dep(op.source),
        '// Partial periods are left out: a month the data only partly covers is not a drop.',
        `const partial = new Set(input.partial_periods);`,
        `const months = ${plantBug ? 'source.rows' : 'source.rows.filter((row) => !partial.has(String(row.month)))'};`,
        `const result = kit.trend(months, ${json(op.key_columns)});`,
        'return { columns: result.columns, rows: result.rows, summary: result.summary };',
      ];
    case 'rank_contributors':
      return [
        `const sources = ${json(op.sources)};`,
        'const decompositions = sources.map((id) => {',
        '  const dep = input.dependencies[id];',
        "  if (!dep) throw new Error('dependency ' + id + ' was not handed over');",
        '  return { dimension: String(dep.summary.dimension), rows: dep.rows, summary: dep.summary };',
        '});',
        `const result = kit.rankContributors(decompositions, ${op.n});`,
        ...(plantBug ? ['result.rows.reverse();'] : []),
        '// Every contributor must come from one of the decompositions.',
        'for (const row of result.rows) {',
        '  const source = decompositions.find((d) => d.dimension === row.dimension);',
        "  if (!source || !source.rows.some((r) => String(r[row.dimension]) === row.segment)) throw new Error('unknown contributor ' + row.dimension + '=' + row.segment);",
        '}',
        'return { columns: result.columns, rows: result.rows, summary: result.summary };',
      ];
    default:
      throw new Error(`step ${step.step_id}: "${op.kind}" is answered by one query, not by code`);
  }
}

/**
 * The script for one attempt. `plantBug` (a planted fault, for tests) makes it
 * subtly wrong in a way the step's acceptance criteria catch; earlier failures are
 * quoted in the header so the history shows what the rewrite answers.
 */
export function writeStepCode(step: PlanStep, attempt: number, failures: TestFailure[], plantBug: boolean): WrittenCode {
  const header = [
    `// Step ${step.step_id}: ${step.description}`.replace(/[\r\n]+/g, ' '),
    `// Operation: ${step.operation.kind}; written by the offline rules coder, attempt ${attempt}.`,
    '// Input: input.dependencies[id] = { columns, rows, summary }, input.partial_periods, input.queries.',
    '// Returns { columns, rows, summary }.',
    ...failures.map((f) => `// Fixes attempt ${f.attempt}: ${f.criterion} — ${f.detail}`.replace(/\n/g, ' ')),
  ];
  return { code: [...header, ...body(step, plantBug)].join('\n'), queries: [] };
}
