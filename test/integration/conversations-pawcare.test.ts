/**
 * A blind PawCare conversation set (eval/blind/pawcare-followups.ts): four personas (a clinic manager typing terse
 * English, a Chinese 运营 typing only colloquial Chinese, a finance lead mixing Chinese and English in a line, an owner
 * writing polite full sentences with two changes in one message), 40 turns on the veterinary clinics' database nobody on
 * the project designed, written on 2026-12-06 by a writer who read the data dictionary, the catalog and the set format,
 * never the follow-up reader, and did not run Baton. Every expectation is hand-written SQL against the raw tables or a
 * question back. Through real sessions, as the other conversation suites.
 */
import { BLIND_PAWCARE_FOLLOWUPS } from '../../eval/blind/pawcare-followups';
import { conversationSuite } from './conversation-suite';

conversationSuite('conversations-pawcare', BLIND_PAWCARE_FOLLOWUPS, 40);
