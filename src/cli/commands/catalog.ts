/** `baton catalog init` (draft a catalog from a database) and `baton catalog check` (verify one against it). */
import fs from 'node:fs';
import pc from 'picocolors';
import { parseCatalog } from '../../catalog/catalog';
import { checkCatalog } from '../../catalog/check';
import { draftCatalogWithNotes, DraftError, type Draft } from '../../catalog/draft';
import { redactUrl } from '../../settings/config';
import { ensureReaderRole } from '../../storage/reader-role';
import { ping } from '../../storage/db';
import { config } from '../context';
import { CliError } from '../temporal';

export async function catalogInit(opts: {
  databaseUrl?: string;
  output?: string;
  name?: string;
  schema: string;
  currency?: string;
  contactColumns?: boolean;
  setup: boolean;
}): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  if (opts.currency !== undefined && !/^[A-Za-z]{3}$/.test(opts.currency))
    throw new CliError(`--currency takes an ISO code such as USD or CNY, got "${opts.currency}"`, 2);
  const name = (opts.name ?? new URL(databaseUrl).pathname.replace(/^\//, '')).replace(/[^a-z0-9_]/gi, '_') || 'catalog';
  let draft: Draft;
  try {
    draft = await draftCatalogWithNotes(databaseUrl, name, {
      schema: opts.schema,
      currency: opts.currency,
      allowContactColumns: opts.contactColumns === true,
    });
  } catch (err) {
    if (err instanceof DraftError) throw new CliError(`${redactUrl(databaseUrl)}: ${err.message}`, 2);
    throw err;
  }
  for (const note of draft.notes) console.error(pc.yellow(`! ${note}`));
  if (opts.setup) {
    // The read-only role agent SQL logs in as, with SELECT on the schema: what "baton ask" needs on this server.
    await ensureReaderRole(databaseUrl, undefined, [opts.schema]);
    console.error(pc.dim(`granted ${config.readerRole} SELECT on schema ${opts.schema} (--no-setup leaves the server untouched)`));
  }
  if (opts.output) {
    fs.writeFileSync(opts.output, draft.text);
    console.log(
      `wrote draft catalog ${opts.output}; edit it, then run: baton catalog check ${opts.output} --database-url ${redactUrl(databaseUrl)}`,
    );
  } else {
    process.stdout.write(draft.text);
  }
}

export async function catalogCheck(file: string, opts: { databaseUrl?: string; schema: string; strict?: boolean }): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`cannot read catalog file ${file}`);
  }
  // Agent SQL on this database runs as the read-only role: create it and grant it SELECT here, once.
  let schemas = [opts.schema];
  try {
    schemas = [...new Set([opts.schema, ...Object.values(parseCatalog(text, file).tables).flatMap((t) => (t.schema ? [t.schema] : []))])];
  } catch {
    // A catalog that does not load is reported by checkCatalog below.
  }
  await ensureReaderRole(databaseUrl, undefined, schemas);
  const report = await checkCatalog(text, file, databaseUrl, opts.schema);
  report.problems.forEach((problem, i) =>
    console.log(
      pc.red(
        `✖ ${report.problemLines[i] !== undefined && !problem.includes(`line ${report.problemLines[i]}:`) ? `${file}:${report.problemLines[i]}: ` : ''}${problem}`,
      ),
    ),
  );
  for (const w of report.warnings) console.log(pc.yellow(`⚠ ${file}${w.line !== undefined ? `:${w.line}` : ''}: ${w.path}: ${w.message}`));
  // Missing indexes: advice (runs still work, but read whole tables where an index would find the window).
  for (const advice of report.indexes ?? [])
    console.log(
      pc.cyan(
        `ℹ index: ${advice.table}.${advice.column} has no index (${advice.reason}${advice.rows !== null ? `; about ${advice.rows} rows` : ''}); create it with:\n    ${advice.sql}`,
      ),
    );
  const { tables, columns, metrics, dimensions } = report.checked;
  if (report.problems.length > 0)
    throw new CliError(
      `${file} does not match ${redactUrl(databaseUrl)}: ${report.problems.length} problem(s)${report.warnings.length > 0 ? `, ${report.warnings.length} warning(s)` : ''}`,
    );
  if (opts.strict && report.warnings.length > 0)
    throw new CliError(`${file}: ${report.warnings.length} warning(s), and --strict makes warnings fail`);
  console.log(
    pc.green(
      `✔ ${file} matches ${redactUrl(databaseUrl)}: ${tables} tables, ${columns} columns, ${metrics} metrics and ${dimensions} dimensions checked${report.warnings.length > 0 ? `; ${report.warnings.length} warning(s) above` : ''}`,
    ),
  );
}
