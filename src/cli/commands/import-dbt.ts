/** `baton catalog import-dbt`: a catalog written from dbt MetricFlow semantic models and metrics. */
import fs from 'node:fs';
import pc from 'picocolors';
import { importDbt, readDbtFiles } from '../../catalog/dbt';
import { getPool, ping } from '../../storage/db';
import { CliError } from '../temporal';

export async function catalogImportDbt(
  target: string,
  opts: { output?: string; name: string; timezone?: string; currency?: string; databaseUrl?: string; schema: string },
): Promise<void> {
  if (!fs.existsSync(target)) throw new CliError(`no such file or directory: ${target}`, 2);
  // With a database, expressions are qualified by its columns and time fields get their real types.
  let columns: Record<string, string[]> | undefined;
  let timeTypes: Record<string, 'timestamp' | 'timestamptz' | 'date'> | undefined;
  if (opts.databaseUrl) {
    await ping(opts.databaseUrl);
    const { rows } = await getPool(opts.databaseUrl).query<{ table_name: string; column_name: string; data_type: string }>(
      'SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position',
      [opts.schema],
    );
    columns = {};
    timeTypes = {};
    for (const r of rows) {
      (columns[r.table_name] ??= []).push(r.column_name);
      const type =
        r.data_type === 'timestamp with time zone'
          ? 'timestamptz'
          : r.data_type === 'date'
            ? 'date'
            : r.data_type.startsWith('timestamp')
              ? 'timestamp'
              : undefined;
      if (type) timeTypes[`${r.table_name}.${r.column_name}`] = type;
    }
  }
  let result;
  try {
    result = importDbt(readDbtFiles(target), { name: opts.name, timezone: opts.timezone, currency: opts.currency, columns, timeTypes });
  } catch (err) {
    throw new CliError(`${target}: ${(err as Error).message}`, 2);
  }
  for (const line of result.unmapped) console.error(pc.yellow(`! not imported: ${line}`));
  const { tables, metrics, dimensions } = result.imported;
  if (opts.output) {
    fs.writeFileSync(opts.output, result.text);
    console.log(
      `wrote ${opts.output}: ${tables} tables, ${metrics} metrics, ${dimensions} dimensions; ${result.unmapped.length} thing(s) not imported (listed at its top); next: baton catalog check ${opts.output}`,
    );
  } else {
    process.stdout.write(result.text);
  }
}
