/**
 * The months a time column has data in are read through its index when one leads with it (two probes per month), and
 * by one grouped pass when none does: Chinook's invoice_date has no index, and each probe there read the whole table
 * (120 scans for its 60 months). Both readings must give the same months, on both databases and for every time field.
 */
import { Pool } from 'pg';
import path from 'node:path';
import { hasLeadingIndex, monthProbes } from '../../src/analysis/month-probes';
import { loadCatalog, wallNow, type Catalog } from '../../src/catalog/catalog';
import { closePools } from '../../src/storage/db';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { testConfig } from '../helpers';

const config = testConfig();
const databases = [
  { name: 'Chinook', db: chinookDatabaseUrl(config.databaseUrl), catalogPath: path.resolve(__dirname, '../../catalogs/chinook.yaml') },
  { name: 'the demo shop', db: config.databaseUrl, catalogPath: config.catalogPath },
];

/** Whether an index leads with the column, read here with psql's own query rather than the code under test. */
async function indexedHere(db: string, table: string, column: string): Promise<boolean> {
  const pool = new Pool({ connectionString: db, max: 1 });
  try {
    const { rows } = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_indexes WHERE tablename = $1 AND indexdef ~ ('USING btree \\(' || $2 || '[ ,)]')`,
      [table, column],
    );
    return Number(rows[0]?.n) > 0;
  } finally {
    await pool.end();
  }
}

afterAll(() => closePools());

describe.each(databases)('months with data on $name', ({ db, catalogPath }) => {
  let catalog: Catalog;
  beforeAll(() => {
    catalog = loadCatalog(catalogPath);
  });

  it('read by index probes or one grouped pass, the same months either way', async () => {
    const columns = Object.values(catalog.time_fields).map((f) => f.column);
    expect(columns.length).toBeGreaterThan(0);
    for (const column of columns) {
      const [table = '', name = ''] = column.split('.');
      expect(await hasLeadingIndex(db, catalog, column)).toBe(await indexedHere(db, catalog.tables[table]?.name ?? table, name));
      const probes = await monthProbes(db, catalog, column, wallNow(catalog), [], 'index probes');
      const grouped = await monthProbes(db, catalog, column, wallNow(catalog), [], 'one grouped pass');
      const chosen = await monthProbes(db, catalog, column, wallNow(catalog));
      expect(probes.length).toBeGreaterThan(0);
      expect(grouped).toEqual(probes);
      expect(chosen).toEqual(probes);
    }
  });
});

it("Chinook's invoice_date has no index, so it is read in one pass", async () => {
  const catalog = loadCatalog(databases[0]!.catalogPath);
  expect(await hasLeadingIndex(databases[0]!.db, catalog, 'invoice.invoice_date')).toBe(false);
  const months = await monthProbes(databases[0]!.db, catalog, 'invoice.invoice_date', "'2026-01-01'::timestamp");
  // Chinook's invoices, shifted to 2021-2025: 60 months, each with data.
  expect(months).toHaveLength(60);
  expect(months[0]).toEqual({
    month: '2021-01',
    rows: 1,
    first_day: expect.stringMatching(/^2021-01-/),
    last_day: expect.stringMatching(/^2021-01-/),
  });
});
