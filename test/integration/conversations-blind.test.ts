/**
 * The blind sets (eval/blind), through real sessions: 3 conversations on Chinook (35 turns, English, Chinese and
 * mixed, written 2026-12-02) and 3 on the demo shop (35 turns), each by a writer who read the case format, the catalog
 * and the data, never the follow-up reader. When written, Chinook's read 14 of 35 turns exact (3 wrong answers
 * labelled completed) and the shop's 31 of 35.
 *
 * Chinook's set asks for a value to be left out ("把 USA 去掉再看", then "same thing for 2024" and "ok 把 US 加回来"): a
 * filter that leaves values out (DimensionFilter.exclude, compiled to NOT IN and re-checked by the verifier's second
 * path) answers them.
 */
import { BLIND_CHINOOK_CONVERSATIONS } from '../../eval/blind/chinook';
import { BLIND_DEMO_CONVERSATIONS } from '../../eval/blind/demo';
import { conversationSuite } from './conversation-suite';

conversationSuite('conversations-blind', [...BLIND_CHINOOK_CONVERSATIONS, ...BLIND_DEMO_CONVERSATIONS], 70, 0.95);
