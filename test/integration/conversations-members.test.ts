/**
 * Blind set 12 (eval/blind/members-12.ts, 4 conversations, 56 turns on Chinook, written 2026-12-04 by a writer who
 * read the case format, the catalog and the data, never the parser): members of dimensions the catalog lists no
 * values for (artists, albums, cities, customers, tracks), named as users name them ("iron maiden rev 2024", "sao
 * paulo", "Metallica去年的销售额", "František Wichterlová 呢？"). Before the planner looked names up in the data
 * (src/catalog/members.ts) it read 6 of 56 turns as meant, 13 misses labelled completed; with it, 43 of 56.
 *
 * `npm run eval:blind-members` (not in `npm test`, which holds the lookup's own test, members-in-data.test.ts).
 * The turns that miss are listed in docs/follow-ups.md; three answered under a reading the writer did not take (below).
 */
import { BLIND_MEMBERS_12 } from '../../eval/blind/members-12';
import { conversationSuite } from './conversation-suite';

/** Turns whose expected answer follows a reading Baton does not take. */
const EXPLAINED = {
  // Two members of one dimension with no word that sets them apart are one figure in Baton (test/unit/followup-members.test.ts).
  'members12-chinook-marketing #8': '"how much did Queen and U2 make": the writer expects each artist, Baton their total',
  'members12-chinook-marketing #9': 'the same thread, filtered to the USA',
  // The writer's thread had #4 answered ("Emma Jones 最常买的 genre 是哪个？", the genre she bought most): Baton asked it back,
  // and #5 ("what about Phil Hughes?") then replaced the customer of the thread before it, whose period #6 replaces.
  'members12-chinook-marketing #6': '"只看 2024 年" on a thread Baton kept where the writer had #4 answered',
};

if (process.env.BATON_EVAL_BLIND_MEMBERS === '1') conversationSuite('conversations-members', BLIND_MEMBERS_12, 56, 0.75, EXPLAINED);
else test.skip('blind set 12, members the catalog does not list, through real sessions (npm run eval:blind-members)', () => undefined);
