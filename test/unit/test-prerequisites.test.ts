/**
 * npm test checks for Chromium, a Chinese font and poppler-utils before it starts anything (issue 27, "Set-up that
 * matches the README"). The check runs here with a PATH of stand-ins: a folder holding only the tools each case
 * gives it (and bash), so Chromium is hidden whatever this machine has installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const INSTALL = 'sudo apt-get install -y chromium fonts-noto-cjk poppler-utils';
const BASH = fs.existsSync('/bin/bash') ? '/bin/bash' : '/usr/bin/bash';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-prerequisites-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A PATH holding bash and stand-ins for the named tools only (fc-list answers with a Noto CJK family). */
function pathWith(tools: string[]): string {
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(BASH, path.join(bin, 'bash'));
  for (const tool of tools) {
    const body = tool === 'fc-list' ? 'echo "Noto Sans CJK SC,Noto Sans CJK"' : 'exit 0';
    fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  return bin;
}

function run(script: string, PATH: string) {
  const r = spawnSync(BASH, [path.join(ROOT, script)], { cwd: ROOT, env: { PATH, HOME: dir }, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('with everything there the check says nothing and passes', () => {
  const r = run('scripts/test-prerequisites.sh', pathWith(['chromium', 'fc-list', 'pdftoppm', 'pdfinfo']));
  expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
});

test('Chromium hidden: one line naming it and the command that installs the three', () => {
  const r = run('scripts/test-prerequisites.sh', pathWith(['fc-list', 'pdftoppm', 'pdfinfo']));
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('missing here: chromium.');
  expect(lines[0]).toContain(INSTALL);
});

test('Debian’s other name for it, chromium-browser, is enough', () => {
  const r = run('scripts/test-prerequisites.sh', pathWith(['chromium-browser', 'fc-list', 'pdftoppm', 'pdfinfo']));
  expect(r.status).toBe(0);
});

test('poppler counts as there only with both pdftoppm and pdfinfo', () => {
  const r = run('scripts/test-prerequisites.sh', pathWith(['chromium', 'fc-list', 'pdftoppm']));
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('missing here: poppler-utils.');
});

test('npm test (scripts/test.sh) stops on the check before it installs, builds or starts anything', () => {
  const started = Date.now();
  const r = run('scripts/test.sh', pathWith(['fc-list', 'pdftoppm', 'pdfinfo']));
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(INSTALL)]);
  expect(r.stderr).toContain('chromium');
  expect(Date.now() - started).toBeLessThan(10_000);
});
