/**
 * Runs every expected answer of the conversation cases (eval/conversations) against the loaded databases and prints
 * it, so no case's SQL throws, returns nothing, or expects one side of a tie across a top-n cut (the ranking helper
 * refuses those). Exits 1 on any failure.
 *
 *   CHINOOK_DATABASE_URL  the Chinook database (default postgres://postgres@127.0.0.1:5432/baton_chinook)
 *   DATABASE_URL          the seeded demo shop (default postgres://postgres@127.0.0.1:5432/baton); its last full
 *                         month is the latest month with paid orders
 *   RENTAL_DATABASE_URL   the Rentwise car-rental database (default postgres://postgres@127.0.0.1:5432/baton_rental);
 *                         "today" is 2026-12-01, so its last full month is 2026-11
 *   COURSES_DATABASE_URL  the Learnloop online-courses database (default postgres://postgres@127.0.0.1:5432/baton_courses);
 *                         "today" is 2026-12-01, so its last full month is 2026-11
 *   further arguments     compiled modules exporting more Conversation[] (e.g. a held-out set), checked the same way
 *
 *   node dist/scripts/check-conversation-sql.js [module.js ...]
 *   (a held-out set: copy it into eval/heldout/, npm run build, pass $PWD/dist/eval/heldout/<db>.js)
 */
import { Pool } from 'pg';
import { evalContext, show, type Answer, type EvalContext } from '../eval/cases';
import { BLIND_COURSES_FOLLOWUPS } from '../eval/blind/courses-followups';
import { CHINOOK_CONVERSATIONS } from '../eval/conversations/chinook';
import { DEMO_CONVERSATIONS } from '../eval/conversations/demo';
import { answers, type Conversation } from '../eval/conversations/types';

const empty = (a: Answer) =>
  (typeof a === 'number' && !Number.isFinite(a)) || (typeof a === 'object' && !Array.isArray(a) && Object.keys(a).length === 0);

async function main(): Promise<void> {
  const extra: Conversation[] = [];
  for (const path of process.argv.slice(2)) {
    const mod = (await import(path)) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (Array.isArray(value)) extra.push(...(value as Conversation[]));
  }
  const chinook = new Pool({ connectionString: process.env.CHINOOK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_chinook' });
  const demo = new Pool({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton' });
  const rental = new Pool({ connectionString: process.env.RENTAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_rental' });
  const courses = new Pool({ connectionString: process.env.COURSES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_courses' });
  const { rows } = await demo.query<{ m: string }>(`SELECT to_char(max(pay_time), 'YYYY-MM') AS m FROM orders WHERE status = 'paid'`);
  const ctxs: Record<string, EvalContext> = {
    chinook: evalContext(chinook, '2025-12'),
    demo: evalContext(demo, rows[0]?.m ?? ''),
    rental: evalContext(rental, '2026-11'),
    courses: evalContext(courses, '2026-11'),
  };
  let failures = 0;
  let checked = 0;
  let clarifications = 0;
  try {
    for (const conversation of [...CHINOOK_CONVERSATIONS, ...DEMO_CONVERSATIONS, ...BLIND_COURSES_FOLLOWUPS, ...extra]) {
      console.log(`\n# ${conversation.id} (${conversation.database}, ${conversation.language}, ${conversation.turns.length} turns)`);
      for (const [i, turn] of conversation.turns.entries()) {
        const head = `${String(i + 1).padStart(2)}. [${turn.kind}] ${turn.say}`;
        if (!answers(turn)) {
          clarifications++;
          console.log(`${head}\n      → needs_clarification`);
          continue;
        }
        checked++;
        try {
          const answer = await turn.expect.sql(ctxs[conversation.database] as EvalContext);
          if (empty(answer)) throw new Error('empty answer');
          console.log(`${head}\n      → ${show(answer)}`);
        } catch (error) {
          failures++;
          console.log(`${head}\n      ✗ ${(error as Error).message}`);
        }
      }
    }
  } finally {
    await Promise.all([chinook.end(), demo.end(), rental.end(), courses.end()]);
  }
  console.log(
    `\n${checked} answers computed, ${clarifications} clarifications expected, ${failures} failed (demo last month ${ctxs.demo?.last})`,
  );
  if (failures > 0) process.exitCode = 1;
}

void main();
