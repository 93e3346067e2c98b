/**
 * A second blind Learnloop conversation set (eval/blind/courses-followups-2.ts): four personas (a terse growth marketer,
 * a Chinese 运营 typing only Chinese, a product manager mixing Chinese and English in a line, a CFO writing polite full
 * sentences with several changes in one message), 40 turns, written on 2026-12-05 by a writer who read the data
 * dictionary, the catalog and the set format, never the follow-up reader, and did not run Baton. Every expectation is
 * hand-written SQL (eval/conversations/sql.ts) or a question back. Through real sessions, as the other conversation suites.
 */
import { BLIND_COURSES_FOLLOWUPS_2 } from '../../eval/blind/courses-followups-2';
import { conversationSuite } from './conversation-suite';

// Turn 9 of the 运营, a value and a breakdown named after a why ("只看设计类的，按难度分一下"), was read as the why by
// level until two changes at once after a why asked for figures (docs/follow-ups.md, "After a why"): every turn is
// now held to its SQL.
conversationSuite('conversations-courses-2', BLIND_COURSES_FOLLOWUPS_2, 40, 0.95);
