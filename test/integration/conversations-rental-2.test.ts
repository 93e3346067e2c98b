/**
 * A second blind Rentwise conversation set (eval/blind/rental-followups-2.ts): four personas (a German country manager
 * in full sentences, a Chinese finance analyst, a fleet manager mixing Chinese and English, a terse revenue-management
 * analyst), 40 turns, written on 2026-12-05 by a writer who read the data dictionary, the catalog and the set format,
 * never the follow-up reader, and did not run Baton. Every expectation is hand-written SQL (eval/conversations/sql.ts).
 */
import { BLIND_RENTAL_FOLLOWUPS_2 } from '../../eval/blind/rental-followups-2';
import { conversationSuite } from './conversation-suite';

// Turns 8 and 9 of the terse analyst, a filter lifted and a breakdown named after a why ("all branch types, by
// branch"), were read as the why by branch until two changes at once after a why asked for figures
// (docs/follow-ups.md, "After a why"): every turn is now held to its SQL.
conversationSuite('conversations-rental-2', BLIND_RENTAL_FOLLOWUPS_2, 40, 0.95);
