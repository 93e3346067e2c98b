/**
 * Help that tells the truth: the configuration table (docs/reference.md) lists exactly the environment variables the
 * code reads, and every command's --help shows the defaults in force (ports, database, catalog) as the
 * environment sets them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildProgram } from '../../src/client';
import { runCli } from '../helpers';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src', 'scripts', 'eval', 'bin'];
/** Variables bash sets itself, and the library switches we do not own. */
const NOT_OURS = new Set([
  'BASH_SOURCE',
  'SECONDS',
  'PATH',
  'HOME',
  'PWD',
  'IFS',
  'RANDOM',
  'LINENO',
  'EUID',
  'UID',
  'NO_COLOR',
  'BASH_REMATCH',
]);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Environment variables a TypeScript/JavaScript file reads: process.env.X, env.X (a ProcessEnv parameter), process.env['X'], { X } = process.env. */
function readsInScript(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)) names.push(m[1] as string);
  for (const m of text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.push(m[1] as string);
  for (const m of text.matchAll(/\{([^}]*)\}\s*=\s*process\.env/g))
    names.push(
      ...(m[1] as string)
        .split(',')
        .map((s) => s.trim().split(/[\s:=]/)[0] ?? '')
        .filter((s) => /^[A-Z][A-Z0-9_]*$/.test(s)),
    );
  return names;
}

/** Environment variables a shell script reads: ${X:-default}, or $X / ${X} that the script never assigns. */
function readsInShell(text: string): string[] {
  const code = text
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');
  const assigned = new Set<string>();
  for (const m of code.matchAll(/(?:^|[\s;(])(?:export\s+|local\s+|readonly\s+)?([A-Z][A-Z0-9_]*)=/gm)) assigned.add(m[1] as string);
  for (const m of code.matchAll(/\bfor\s+([A-Z][A-Z0-9_]*)\s+in\b/g)) assigned.add(m[1] as string);
  const names = new Set<string>();
  for (const m of code.matchAll(/\$\{([A-Z][A-Z0-9_]*):?-/g)) names.add(m[1] as string);
  for (const m of code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) if (!assigned.has(m[1] as string)) names.add(m[1] as string);
  return [...names];
}

function variablesTheCodeReads(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const dir of SCANNED) {
    for (const file of filesUnder(path.join(ROOT, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      const shell = file.endsWith('.sh') || text.startsWith('#!/usr/bin/env bash');
      const script = /\.(ts|js|mjs|cjs)$/.test(file) || text.startsWith('#!/usr/bin/env node');
      const names = shell ? readsInShell(text) : script ? readsInScript(text) : [];
      for (const name of names.filter((n) => !NOT_OURS.has(n))) found.set(name, [...(found.get(name) ?? []), path.relative(ROOT, file)]);
    }
  }
  for (const [name, file] of fixtureDatabaseVariables()) found.set(name, [...(found.get(name) ?? []), file]);
  return found;
}

/**
 * The variables read by name built at run time: scripts/load-fixture-db.sh (and eval/fixture-databases.ts) read
 * <NAME>_DATABASE_URL for the fixture each scripts/load-<name>.sh hands it, which no pattern above can see.
 */
function fixtureDatabaseVariables(): Array<[string, string]> {
  const scripts = path.join(ROOT, 'scripts');
  return fs.readdirSync(scripts).flatMap((file): Array<[string, string]> => {
    if (!file.endsWith('.sh')) return [];
    const call = /load-fixture-db\.sh"?\s+([a-z][a-z0-9_]*)\s/.exec(fs.readFileSync(path.join(scripts, file), 'utf8'));
    return call && file !== 'load-fixture-db.sh' ? [[`${(call[1] as string).toUpperCase()}_DATABASE_URL`, `scripts/${file}`]] : [];
  });
}

/** The rows of the configuration table (docs/reference.md): the `NAME` in each row's first cell. */
function readmeTableVariables(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'docs', 'reference.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Configuration'));
  const table = section.slice(0, section.indexOf('\n### '));
  return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1] as string);
}

test('the configuration table (docs/reference.md) lists every environment variable the code reads, and no other', () => {
  const read = variablesTheCodeReads();
  const listed = readmeTableVariables();
  // The scan finds what it should (a variable each from TypeScript, a parameter env, and shell defaults).
  expect([...read.keys()]).toEqual(
    expect.arrayContaining([
      'DATABASE_URL',
      'BATON_ACTIVITY_DELAY_MS',
      'BATON_MODEL_PROVIDER',
      'BATON_TEST_DATABASE_URL',
      'TEMPORAL_BIN',
      'PAWCARE_DATABASE_URL',
    ]),
  );
  const missing = [...read.keys()].filter((n) => !listed.includes(n)).map((n) => `${n} (read in ${read.get(n)?.join(', ') ?? ''})`);
  const stale = listed.filter((n) => !read.has(n));
  expect(missing).toEqual([]);
  expect(stale).toEqual([]);
  expect(new Set(listed).size).toBe(listed.length);
});

test("every command's --help shows the ports, database and catalog in force", async () => {
  const env = {
    TEMPORAL_ADDRESS: '127.0.0.1:7911',
    TEMPORAL_UI_PORT: '8911',
    TEMPORAL_UI_URL: 'http://localhost:8911',
    DATABASE_URL: 'postgres://analyst:s3cret@db.example.internal:6543/shop',
    BATON_CATALOG: 'catalogs/chinook.yaml',
  };
  const commands: string[][] = [[]];
  const walk = (prefix: string[], command: ReturnType<typeof buildProgram>): void => {
    for (const sub of command.commands) {
      commands.push([...prefix, sub.name()]);
      walk([...prefix, sub.name()], sub);
    }
  };
  walk([], buildProgram());
  expect(commands.length).toBeGreaterThan(15);
  const failures: string[] = [];
  // Four at a time: each is a node process.
  for (let i = 0; i < commands.length; i += 4) {
    const batch = commands.slice(i, i + 4);
    const outputs = await Promise.all(batch.map((args) => runCli([...args, '--help'], env)));
    outputs.forEach(({ code, stdout }, j) => {
      const name = ['baton', ...(batch[j] ?? [])].join(' ');
      if (code !== 0) failures.push(`${name}: exit ${String(code)}`);
      for (const expected of [
        '127.0.0.1:7911',
        'http://localhost:8911',
        'postgres://analyst:***@db.example.internal:6543/shop',
        'catalogs/chinook.yaml',
      ]) {
        if (!stdout.includes(expected)) failures.push(`${name}: no ${expected}`);
      }
      if (stdout.includes('s3cret')) failures.push(`${name}: shows the password`);
    });
  }
  expect(failures).toEqual([]);
  const up = await runCli(['up', '--help'], env);
  expect(up.stdout).toContain('gRPC 127.0.0.1:7911, Web UI on :8911');
  const ask = await runCli(['ask', '--help'], env);
  expect(ask.stdout).toMatch(
    /--catalog <file>\s+metric catalog YAML for that database \(default:\s+the\s+worker's BATON_CATALOG; here\s+catalogs\/chinook\.yaml\)/,
  );
});
