/**
 * Follow-ups on a database nobody on the project designed: eval/blind/rental-followups.ts, 4 conversations (48 turns:
 * an operations manager in English, a 财务分析师 in Chinese, a channel manager mixing the two, a pricing analyst in
 * terse lowercase) on Rentwise (test/fixtures/rental), written 2026-12-04 by a writer who read the case format, the
 * catalog, the data dictionary and the data, never the follow-up reader, with every expected answer in hand-written SQL
 * (eval/conversations/sql.ts, RENTAL). Through real sessions, as the other conversation suites.
 */
import { BLIND_RENTAL_FOLLOWUPS } from '../../eval/blind/rental-followups';
import { conversationSuite } from './conversation-suite';

conversationSuite('conversations-rental', BLIND_RENTAL_FOLLOWUPS, 48, 0.95);
