/**
 * Every workflow evaluates its modules anew when it starts (the SDK's reusable V8 context keeps one module cache per
 * workflow), so a zod schema a workflow module builds is built again for every run and every session turn. Workflow
 * code imports contract *types*; the contract modules it may evaluate are listed here, each for a reason. Before the
 * session's messages and limits had files of their own, src/workflows/session.ts evaluated src/contracts/session.ts
 * and with it plan, step, request, answer, memory and validation: about 10 ms of schema building per workflow start
 * (docs/performance.md, "What a workflow costs to start").
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '../../src');

/** The relative modules a file imports at run time (type-only imports and specifiers left out). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const statement of source.statements) {
    const from =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
        ? (statement.moduleSpecifier as ts.StringLiteral).text
        : null;
    if (!from?.startsWith('.')) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
    } else if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
    const base = path.resolve(path.dirname(file), from);
    const resolved = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
    if (resolved) out.push(resolved);
  }
  return out;
}

/** Every module the workflow bundle evaluates from src/, from the workflows' entry point. */
function workflowModules(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    runtimeImports(file).forEach(visit);
  };
  visit(path.join(SRC, 'workflows', 'index.ts'));
  return seen;
}

test('workflow code evaluates only the contract modules it needs at run time', () => {
  const contracts = [...workflowModules()]
    .filter((f) => f.startsWith(path.join(SRC, 'contracts')))
    .map((f) => path.relative(SRC, f))
    .sort();
  expect(contracts).toEqual([
    // The metric query every SQL operation's plan schema builds on (src/operations), and the parts it is made of.
    'contracts/query.ts',
    // The one schema the session workflow parses.
    'contracts/session-limits.ts',
    // Messages: they build no schema.
    'contracts/session-messages.ts',
    'contracts/shared.ts',
    'contracts/workflow-messages.ts',
  ]);
});

test('the walk follows the workflows into the modules they use', () => {
  const modules = [...workflowModules()].map((f) => path.relative(SRC, f));
  expect(modules).toEqual(
    expect.arrayContaining(['workflows/analysis.ts', 'workflows/session.ts', 'operations/index.ts', 'messages/index.ts']),
  );
});
