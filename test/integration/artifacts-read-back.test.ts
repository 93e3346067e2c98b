/**
 * Artifacts are content-addressed and never changed, so a worker keeps what it read back and what it knows is stored
 * (src/storage/artifacts.ts): a re-slicing run read the same four artifacts 17 times and stored the same ones again.
 * Here, on the real baton.artifacts table: the second read and the second store send nothing to PostgreSQL, each read
 * still gets its own copy, and an id that is not stored is an error every time, never remembered.
 */
import { randomUUID } from 'node:crypto';
import { loadArtifact, readBackSize, storeArtifact } from '../../src/storage/artifacts';
import { getPool } from '../../src/storage/db';
import { loadConfig } from '../../src/settings/config';
import { closeDb, db } from '../helpers';

afterAll(closeDb);

const queriesDuring = async <T>(work: () => Promise<T>): Promise<{ value: T; queries: number }> => {
  const pool = getPool(loadConfig().databaseUrl);
  const spy = jest.spyOn(pool, 'query');
  try {
    const value = await work();
    return { value, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
};

test('an artifact stored or read once is not sent or read again, and each read is its own copy', async () => {
  const content = { rows: [{ genre: 'Rock', revenue: 826.65 }], marker: randomUUID() };
  const stored = await queriesDuring(() => storeArtifact('read-back-test', 's1', 'rows', content));
  expect(stored.queries).toBe(1);
  const again = await queriesDuring(() => storeArtifact('read-back-test', 's1', 'rows', structuredClone(content)));
  expect(again).toEqual({ value: stored.value, queries: 0 });
  const { rows } = await db().query<{ n: string }>('SELECT count(*) AS n FROM baton.artifacts WHERE id = $1', [stored.value]);
  expect(Number(rows[0]?.n)).toBe(1);

  const kept = readBackSize().count;
  const first = await queriesDuring(() => loadArtifact<typeof content>(stored.value));
  expect(first).toEqual({ value: content, queries: 1 });
  expect(readBackSize().count).toBe(kept + 1);
  // A reader that changes what it got does not change what the next reader gets.
  first.value.rows[0]!.revenue = 0;
  const second = await queriesDuring(() => loadArtifact<typeof content>(stored.value));
  expect(second).toEqual({ value: content, queries: 0 });
  expect(second.value).not.toBe(first.value);
});

test('an id that is not stored is an error on every read', async () => {
  const id = `rows:${randomUUID().replace(/-/g, '')}`;
  for (let i = 0; i < 2; i++) {
    const read = queriesDuring(() => loadArtifact(id));
    await expect(read).rejects.toThrow(`artifact ${id} not found`);
  }
  const { queries } = await queriesDuring(() => loadArtifact(id).catch(() => null));
  expect(queries).toBe(1);
});
