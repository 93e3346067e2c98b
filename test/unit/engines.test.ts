// Every installed package supports the Node the project says it runs on, by the package's own
// `engines` field as recorded in package-lock.json, and no package we chose is deprecated.
// A dependency update that needs a newer Node (openai 7 wants Node 22) fails here, before
// `npm ci` prints EBADENGINE on a user's machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
  deprecated?: string;
  dev?: boolean;
}
interface Manifest {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** The oldest Node the project claims to run on (package.json engines). */
function oldestSupportedNode(): string {
  const range = manifest.engines?.node;
  if (!range) throw new Error('package.json has no engines.node');
  const oldest = semver.minVersion(range);
  if (!oldest) throw new Error(`package.json engines.node "${range}" has no lowest version`);
  return oldest.version;
}

/** A package's Node range from its lock entry (engines is an object, or an old-style array of "node >=x"). */
function nodeRange(entry: LockEntry): string | undefined {
  if (Array.isArray(entry.engines)) {
    const item = entry.engines.find((e) => e.trim().startsWith('node'));
    return item?.trim().slice('node'.length).trim();
  }
  return entry.engines?.node;
}

describe('dependencies match the runtime', () => {
  test('the project runs on Node 20 and on the Node running the tests', () => {
    const oldest = oldestSupportedNode();
    expect(semver.major(oldest)).toBe(20);
    expect(semver.satisfies(process.version, manifest.engines?.node ?? '')).toBe(true);
  });

  test('every package in the lock file supports the oldest Node 20 we claim, by its own engines', () => {
    const oldest = oldestSupportedNode();
    const unsupported: string[] = [];
    let checked = 0;
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '') continue;
      const range = nodeRange(entry);
      if (range === undefined) continue;
      checked++;
      if (!semver.satisfies(oldest, range))
        unsupported.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} needs node ${range}`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(unsupported).toEqual([]);
  });

  test('no package we depend on directly is deprecated', () => {
    const direct = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
    const deprecated = direct
      .map((name) => ({ name, entry: lock.packages[`node_modules/${name}`] }))
      .filter(({ entry }) => entry?.deprecated !== undefined)
      .map(({ name, entry }) => `${name}@${entry?.version ?? '?'}: ${entry?.deprecated ?? ''}`);
    expect(direct.length).toBeGreaterThan(20);
    expect(deprecated).toEqual([]);
  });
});
