/**
 * A time field's type read from a database that cannot be reached fails in the words every other reader uses.
 * Found by the cluster chaos run (seed 916339, CI 2026-12-03): the step-retries scenario's answer differed from its
 * baseline because a restarted worker, which had no time-field types yet, read them first and failed with node-postgres's
 * bare "connect ECONNREFUSED 127.0.0.1:1", where a worker that had them failed later with "cannot reach PostgreSQL at …".
 */
import { resolveTimeFieldTypes } from '../../src/catalog/time-types';
import { loadCatalog } from '../../src/catalog/catalog';
import { closePools } from '../../src/storage/db';
import path from 'node:path';

afterAll(closePools);

test('an unreachable database: "cannot reach PostgreSQL at …", as a read-only query says it', async () => {
  const catalog = loadCatalog(path.resolve(__dirname, '../../catalogs/chinook.yaml'));
  for (const field of Object.values(catalog.time_fields)) delete field.type;
  await expect(resolveTimeFieldTypes(catalog, 'postgres://postgres@127.0.0.1:1/nowhere')).rejects.toThrow(
    /^cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere: connect ECONNREFUSED 127\.0\.0\.1:1$/,
  );
});
