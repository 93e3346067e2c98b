/**
 * Offline harness for term matching: every blind phrasing of the Chinook suite (eval/paraphrases/chinook.ts) is read
 * by the rules model (classifyIntent + planQuestion + the planner's check of unused words) and its terms compared with
 * the original question's: intent, and per step the metric, filters, breakdown, order and limit. Periods are not
 * compared (the window is another helper's work). The demo "as users ask" questions are printed with their reading.
 *
 *   npm run --silent build && node dist/scripts/read-phrasings.js [--all] [--demo]
 */
import path from 'node:path';
import { loadCatalog, type Catalog } from '../src/catalog/catalog';
import type { Plan } from '../src/contracts';
import { classifyIntent, planQuestion, readingOfPlan } from '../src/model/rules';
import { CHINOOK_PARAPHRASES } from '../eval/paraphrases/chinook';
import { DEMO_AS_USERS_ASK } from '../eval/as-users-ask/demo';
import { extent } from '../test/unit/chinook-extent';

const AS_OF = '2026-11-30';
const root = path.resolve(__dirname, '..', '..');
const chinook = loadCatalog(path.join(root, 'catalogs', 'chinook.yaml'));
const demo = loadCatalog(path.join(root, 'catalogs', 'demo.yaml'));

/** What a question's plan says about its terms, periods left out. */
export function termsOf(question: string, catalog: Catalog, dataExtent: typeof extent | null): string {
  const intent = classifyIntent(question);
  let plan: Plan;
  try {
    plan = planQuestion(question, intent, catalog, AS_OF, [], dataExtent);
  } catch (err) {
    return `error ${(err as Error).message}`;
  }
  // A refusal is compared by its kind (its reason is in the question's language); --reasons prints it.
  if (plan.kind === 'quality') return `quality ${plan.ask} ${plan.tables.join(',')}`;
  if (plan.kind !== 'plan') return process.argv.includes('--reasons') ? `${plan.kind}: ${plan.reason}` : plan.kind;
  const { blocking } = readingOfPlan(question, plan.steps, catalog, intent.language, AS_OF, intent.matched);
  const steps = plan.steps
    .map((s) => ('query' in s.operation ? s.operation.query : null))
    .filter((q) => q !== null)
    .map((q) => {
      const filters = q.filters.map((f) => `${f.dimension}=${[...f.values].sort().join('|')}`).join(',');
      const rank = q.order ? ` ${q.order}${q.limit ?? ''}` : '';
      return `${q.metric}[${filters}]/${q.group_by.filter((g) => g !== 'period').join(',')}${rank}`;
    });
  const kinds = plan.steps.map((s) => s.operation.kind).join(',');
  const out = `${intent.intent} ${kinds} ${[...new Set(steps)].join(' ; ')}`;
  return blocking.length > 0 ? `needs_clarification (blocking ${blocking.join(', ')}) ~ ${out}` : out;
}

function main(): void {
  const all = process.argv.includes('--all');
  let same = 0;
  let total = 0;
  const misses: string[] = [];
  for (const c of CHINOOK_PARAPHRASES) {
    const want = termsOf(c.original, chinook, extent);
    for (const p of c.phrasings) {
      total++;
      const got = termsOf(p.text, chinook, extent);
      if (got === want) same++;
      else misses.push(`- ${p.text}\n    got  ${got}\n    want ${want}   (${c.original})`);
      if (all && got === want) console.log(`= ${p.text}\n    ${got}`);
    }
  }
  console.log(misses.join('\n'));
  console.log(`\nChinook phrasings read as the original: ${same}/${total}`);
  if (process.argv.includes('--demo')) {
    for (const c of DEMO_AS_USERS_ASK) console.log(`- ${c.question}\n    ${termsOf(c.question, demo, null)}`);
  }
}

if (require.main === module) main();
