/**
 * How far a `baton catalog init` draft is from a hand-finished catalog, in lines a person must change.
 *
 *   node dist/scripts/measure-draft.js <draft.yaml> <finished.yaml> [--show]
 *
 * Both files are loaded with the catalog parser (so defaults are filled in and formatting does not count) and
 * written as one line per decision: the timezone; each table (its database name, schema, key, time column); each
 * data-quality check; each join with its relationship; each time field's column and type; each metric's definition
 * (table, SQL, time column, format, unit), each of its filters and its finer twin; each dimension's SQL. Names,
 * labels, aliases, descriptions and known-value synonyms are prose a person writes anyway and are not counted;
 * metrics (by table, SQL and filters) and time fields (by column) are matched by what they compute, not by what they
 * are called.
 * The two line lists are sorted and compared with a longest-common-subsequence diff; "changed" counts each hunk
 * as max(lines removed, lines added), so replacing one line by another is one change.
 */
import fs from 'node:fs';
import { parseCatalog, type Catalog } from '../src/catalog/catalog';

export function decisionLines(catalog: Catalog): string[] {
  const out: string[] = [`timezone ${catalog.timezone}`];
  const timeCol = (field: string) => catalog.time_fields[field]?.column ?? field;
  const metricId = (name: string) => {
    const m = catalog.metrics[name];
    if (!m) return name;
    const where = m.filters
      .map((f) => f.sql)
      .sort()
      .join(' AND ');
    return `${m.table}: ${m.expression ?? `${m.per ? `per ${m.per} ${JSON.stringify(m.per_entity)} ` : ''}${m.numerator} / ${m.denominator}`}${where ? ` WHERE ${where}` : ''}`;
  };
  for (const [key, t] of Object.entries(catalog.tables)) {
    out.push(
      `table ${key} = ${t.schema ? `${t.schema}.` : ''}${t.name ?? key} key ${JSON.stringify(t.primary_key ?? null)} time ${t.time_column ?? '-'}`,
    );
    for (const c of t.checks)
      out.push(`check ${key}.${c.column} ${c.rule}${c.when ? ` when ${c.when}` : ''}${c.other ? ` other ${c.other}` : ''}`);
  }
  for (const j of catalog.joins) out.push(`join ${j.from} -> ${j.to} ${j.relationship}`);
  for (const f of Object.values(catalog.time_fields)) out.push(`time_field ${f.column} ${f.type ?? 'timestamp'}`);
  for (const [name, m] of Object.entries(catalog.metrics)) {
    const id = metricId(name);
    out.push(`metric [${id}] time ${timeCol(m.time_field)} format ${m.format} unit ${m.unit ?? '-'}`);
    for (const f of m.filters) out.push(`filter [${id}] ${f.sql}`);
    if (m.finer) out.push(`finer [${id}] -> [${metricId(m.finer)}]`);
  }
  for (const d of Object.values(catalog.dimensions)) out.push(`dimension ${d.column ?? d.expression}`);
  return [...new Set(out)].sort();
}

export interface Distance {
  removed: string[];
  added: string[];
  changed: number;
}

/** Lines of `from` to remove and of `to` to add (an LCS diff of the sorted lists), and the changes they make. */
export function distance(from: string[], to: string[]): Distance {
  const n = from.length;
  const m = to.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = from[i] === to[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const removed: string[] = [];
  const added: string[] = [];
  let changed = 0;
  let hunk = { r: 0, a: 0 };
  const close = () => {
    changed += Math.max(hunk.r, hunk.a);
    hunk = { r: 0, a: 0 };
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && from[i] === to[j]) {
      close();
      i++;
      j++;
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      added.push(to[j]!);
      hunk.a++;
      j++;
    } else {
      removed.push(from[i]!);
      hunk.r++;
      i++;
    }
  }
  close();
  return { removed, added, changed };
}

if (require.main === module) {
  const [draftFile, finishedFile] = process.argv.slice(2);
  if (!draftFile || !finishedFile) {
    console.error('usage: node dist/scripts/measure-draft.js <draft.yaml> <finished.yaml> [--show]');
    process.exit(2);
  }
  const d = distance(
    decisionLines(parseCatalog(fs.readFileSync(draftFile, 'utf8'), draftFile)),
    decisionLines(parseCatalog(fs.readFileSync(finishedFile, 'utf8'), finishedFile)),
  );
  if (process.argv.includes('--show')) {
    for (const l of d.removed) console.log(`- ${l}`);
    for (const l of d.added) console.log(`+ ${l}`);
  }
  console.log(`${d.changed} lines to change (${d.removed.length} removed, ${d.added.length} added) from ${draftFile} to ${finishedFile}`);
}
