/**
 * Each step's catalog fragment travels by reference: the planner stores the plan's fragments as one artifact
 * (content-addressed, so never changed once written) and the plan carries `fragments_ref`; the step agents, the
 * coder and tester and the validator read their step's fragment from it. Read once per worker: the cache is keyed
 * by the artifact's id, which is the content's hash, so it is never stale.
 */
import { currentWorkflowId, loadArtifact, storeArtifact } from './artifacts';
import type { CatalogFragment } from '../contracts';

const CACHED = 64;
const cache = new Map<string, Record<string, CatalogFragment>>();

/** Stores a plan's fragments (keyed by step id) and returns the reference. */
export async function storeFragments(fragments: Record<string, CatalogFragment>): Promise<string> {
  const ref = await storeArtifact(currentWorkflowId(), 'plan', 'fragments', fragments);
  remember(ref, fragments);
  return ref;
}

function remember(ref: string, fragments: Record<string, CatalogFragment>): void {
  cache.delete(ref);
  cache.set(ref, fragments);
  if (cache.size > CACHED) cache.delete(cache.keys().next().value as string);
}

/** A step's catalog fragment: the one given inline (runs recorded before references), else the one behind the reference. */
export async function stepFragment(inline: CatalogFragment, ref: string | null | undefined, stepId: string): Promise<CatalogFragment> {
  if (!ref || Object.keys(inline).length > 0) return inline;
  let fragments = cache.get(ref);
  if (!fragments) {
    fragments = await loadArtifact<Record<string, CatalogFragment>>(ref);
    remember(ref, fragments);
  }
  return fragments[stepId] ?? {};
}
