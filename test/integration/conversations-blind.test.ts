/**
 * The blind sets (eval/blind), through real sessions: 3 conversations on Chinook (35 turns, English, Chinese and
 * mixed, written 2026-12-02) and 3 on the demo shop (35 turns), each by a writer who read the case format, the catalog
 * and the data, never the follow-up reader. When written, Chinook's read 14 of 35 turns exact (3 wrong answers
 * labelled completed) and the shop's 31 of 35.
 *
 * Chinook's set asks for a value to be left out ("把 USA 去掉再看", then "same thing for 2024" and "ok 把 US 加回来"): a
 * filter that leaves values out (DimensionFilter.exclude, compiled to NOT IN and re-checked by the verifier's second
 * path) answers them.
 *
 * A fifth set, eval/blind/chinook-left-out.ts (3 conversations, 29 turns, written 2026-12-03 the same way), leaves values
 * out and puts them back in many words ("everything but rock", "ignore latin as well", "excluding the us", 剔除, 刨除,
 * 视频也去掉, 恢复摇滚, "include rock again"): when written it read 15 of 29 turns as meant, with wrong answers among the
 * misses ("excluding the us" answered for every country, "metal 也排除掉" replacing the value left out before).
 * A sixth, eval/blind/chinook-analyst.ts (3 conversations, 33 turns), types as busy analysts do ("h2?", "split by sales
 * rep pls", "德国换成法国", "q4 怎么掉这么多?"): 19 of 33 when written.
 */
import { BLIND_CHINOOK_CONVERSATIONS } from '../../eval/blind/chinook';
import { BLIND_DEMO_CONVERSATIONS } from '../../eval/blind/demo';
import { BLIND_CHINOOK_LEFT_OUT } from '../../eval/blind/chinook-left-out';
import { BLIND_CHINOOK_ANALYST } from '../../eval/blind/chinook-analyst';
import { conversationSuite } from './conversation-suite';

conversationSuite(
  'conversations-blind',
  [...BLIND_CHINOOK_CONVERSATIONS, ...BLIND_DEMO_CONVERSATIONS, ...BLIND_CHINOOK_LEFT_OUT, ...BLIND_CHINOOK_ANALYST],
  132,
  0.95,
);
