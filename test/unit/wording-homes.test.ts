/**
 * Wording has one home (issue 24): messages keyed by id in src/messages/, both languages side by side. The CLI, the
 * seed, the storage, the Temporal plumbing and the client's wiring hold no inline `t('中文', 'English')` pair and no
 * `zh ?` ternary; this keeps it so.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const AREAS = ['src/cli', 'src/seed', 'src/storage', 'src/temporal', 'src/client.ts'];

/** An inline pair (`t(` opening on a Chinese literal) or a language ternary (`zh ?`, `=== 'zh' ?`). */
const INLINE = [/\bt\(\s*['"`][^'"`]*[\u4e00-\u9fff]/, /\bzh\s*\?/, /===\s*['"]zh['"]\s*\?/];

function files(p: string): string[] {
  const full = path.join(ROOT, p);
  if (fs.statSync(full).isFile()) return [p];
  return fs.readdirSync(full).flatMap((name) => files(path.join(p, name)));
}

test('the patterns find the inline wording they are meant to find', () => {
  expect(
    ["t('上个月', 'last month')", 'zh ? a : b', "language === 'zh' ? '月' : 'month'"].map((s) => INLINE.some((r) => r.test(s))),
  ).toEqual([true, true, true]);
  expect(INLINE.some((r) => r.test("render('seed.done', language)"))).toBe(false);
});

test('no inline pair or language ternary in the CLI, seed, storage, Temporal plumbing or client', () => {
  const found = AREAS.flatMap(files)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (INLINE.some((r) => r.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
  expect(found).toEqual([]);
  expect(AREAS.flatMap(files).length).toBeGreaterThan(30);
});
