/**
 * A second blind Learnloop conversation set (eval/blind/courses-followups-2.ts): four personas (a terse growth marketer,
 * a Chinese 运营 typing only Chinese, a product manager mixing Chinese and English in a line, a CFO writing polite full
 * sentences with several changes in one message), 40 turns, written on 2026-12-05 by a writer who read the data
 * dictionary, the catalog and the set format, never the follow-up reader, and did not run Baton. Every expectation is
 * hand-written SQL (eval/conversations/sql.ts) or a question back. Through real sessions, as the other conversation suites.
 */
import { BLIND_COURSES_FOLLOWUPS_2 } from '../../eval/blind/courses-followups-2';
import { conversationSuite } from './conversation-suite';

/** A filter and a breakdown after a why change the why (docs/follow-ups.md: three readers read it so); this writer read figures. */
const AFTER_A_WHY =
  'after "苹果端10月的收入为什么比9月降了？按类目拆一下", "只看设计类的，按难度分一下" is read as the why by level within Design ' +
  '(docs/follow-ups.md, "a change to a why"), stated in its first line; the writer expected October\'s figures by level';

conversationSuite('conversations-courses-2', BLIND_COURSES_FOLLOWUPS_2, 40, 0.95, {
  'blind-courses2-ops-zh #9': AFTER_A_WHY,
});
