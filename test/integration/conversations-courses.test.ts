/**
 * Follow-ups on a second database nobody on the project designed: eval/blind/courses-followups.ts, 3 conversations
 * (36 turns: a head of content in English, a 财务 analyst in Chinese, a growth marketer mixing the two) on Learnloop
 * (test/fixtures/courses), written 2026-12-04 by a writer who read the case format, the catalog, the data dictionary
 * and the data, never the follow-up reader, with every expected answer in hand-written SQL (eval/conversations/sql.ts,
 * COURSES). Through real sessions, as the other conversation suites.
 */
import { BLIND_COURSES_FOLLOWUPS } from '../../eval/blind/courses-followups';
import { conversationSuite } from './conversation-suite';

conversationSuite('conversations-courses', BLIND_COURSES_FOLLOWUPS, 36, 0.95);
