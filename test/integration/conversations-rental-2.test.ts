/**
 * A second blind Rentwise conversation set (eval/blind/rental-followups-2.ts): four personas (a German country manager
 * in full sentences, a Chinese finance analyst, a fleet manager mixing Chinese and English, a terse revenue-management
 * analyst), 40 turns, written on 2026-12-05 by a writer who read the data dictionary, the catalog and the set format,
 * never the follow-up reader, and did not run Baton. Every expectation is hand-written SQL (eval/conversations/sql.ts).
 */
import { BLIND_RENTAL_FOLLOWUPS_2 } from '../../eval/blind/rental-followups-2';
import { conversationSuite } from './conversation-suite';

/** A breakdown with a lifted filter after a why changes the why (docs/follow-ups.md: three readers read it so); this writer read figures. */
const AFTER_A_WHY =
  'after "why the drop in oct vs sep by region", "all branch types, by branch" is read as the why by branch without the filter ' +
  '(docs/follow-ups.md, "a change to a why"), stated in its first line; the writer expected October\'s figures by branch';

conversationSuite('conversations-rental-2', BLIND_RENTAL_FOLLOWUPS_2, 40, 0.95, {
  'blind-rental2-revman-terse #8': AFTER_A_WHY,
  'blind-rental2-revman-terse #9': `the thread of #8 (${AFTER_A_WHY}), with Spain added`,
});
