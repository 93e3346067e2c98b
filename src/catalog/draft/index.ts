/**
 * `baton catalog init`: a draft catalog drafted from a live PostgreSQL schema, meant to be kept.
 *
 * What it reads: the system catalogs (tables, views, partitioned tables, columns, keys, enum labels; src/catalog/introspect.ts),
 * the server's TimeZone, and, for the columns it proposes as dimensions or filters, how many distinct values they hold.
 * It never reads a value of a column that looks sensitive (password, hash, token, e-mail, phone, ...), and it runs
 * in a read-only session, so it cannot write to the server.
 *
 * The parts: names.ts (what names say), schema.ts (the schema and what its columns are taken for), tables.ts (fact
 * tables, tables, joins, time fields), metrics.ts, verbs.ts (verbs as aliases, the primary metric), dimensions.ts, yaml.ts (the
 * document with its comments).
 */
import { Client } from 'pg';
import { introspect } from '../introspect';
import { draftDimensions } from './dimensions';
import { MetricDrafter } from './metrics';
import { DraftSchema } from './schema';
import { auditDates, draftTimeFields, findFacts, joinSection, sensitiveColumns, tableSection } from './tables';
import { DraftError, type Draft, type DraftOptions } from './types';
import { draftVerbs, primaryMetric } from './verbs';
import { draftText } from './yaml';

export { DraftError, type Draft, type DraftOptions } from './types';

/** A draft catalog for the schema, with comments where a person must decide. */
export async function draftCatalogWithNotes(databaseUrl: string, name: string, options: DraftOptions = {}): Promise<Draft> {
  const schema = options.schema ?? 'public';
  // A read-only session: the draft cannot write to the server, whatever it runs.
  const client = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    options: '-c default_transaction_read_only=on -c statement_timeout=30000',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await draft(client, name, schema, options);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The draft's text only (see draftCatalogWithNotes). */
export async function draftCatalog(
  databaseUrl: string,
  name: string,
  schema = 'public',
  options: Omit<DraftOptions, 'schema'> = {},
): Promise<string> {
  return (await draftCatalogWithNotes(databaseUrl, name, { ...options, schema })).text;
}

async function draft(client: Client, name: string, schemaName: string, options: DraftOptions): Promise<Draft> {
  const { rels, fks } = await introspect(client, schemaName);
  const database = (await client.query<{ d: string }>('SELECT current_database() AS d')).rows[0]?.d ?? name;
  if (rels.size === 0)
    throw new DraftError(
      `schema "${schemaName}" of database ${database} has no tables or views: nothing to draft (load your data first, or name another schema with --schema)`,
    );
  const timezone = (await client.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]?.TimeZone ?? 'UTC';
  const notes: string[] = [];
  const schema = new DraftSchema(client, schemaName, rels, fks, options.allowContactColumns);
  const sensitive = sensitiveColumns(schema);
  const facts = findFacts(schema, notes);
  const tables = await tableSection(schema, facts, notes);
  const timeFields = draftTimeFields(schema, facts);
  const audit = auditDates(schema, facts.included);
  const drafter = new MetricDrafter(schema, timeFields, options.currency?.toUpperCase());
  const metrics = await drafter.draft(facts);
  const primary = primaryMetric(drafter);
  draftVerbs(drafter, primary);
  const dimensions = await draftDimensions(schema, facts, metrics);
  const text = draftText({
    name,
    database,
    schema: schemaName,
    timezone,
    primaryMetric: primary,
    tables,
    joins: joinSection(schema, facts.included),
    timeFields: timeFields.fields,
    metrics,
    dimensions,
    audit,
    facts: facts.facts,
    headers: facts.headers,
    lines: facts.lines,
    left: facts.left,
    sensitive,
  });
  if (facts.facts.length === 0) notes.push('no fact table found: the draft has no metrics; write them (docs/catalog.md)');
  return { text, notes };
}
