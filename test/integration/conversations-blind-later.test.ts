/**
 * The later blind sets through real sessions: eval/blind/followups-8.ts (70 turns: a head of sales in lowercase
 * shorthand, a Chinese regional director, a code-switching team lead on Chinook; a CFO and an operations lead on the
 * demo shop), eval/blind/shares-9.ts (52 turns of shares asked as questions and follow-ups) and eval/blind/trends-10.ts
 * (52 turns of figures over time and by rank). Written 2026-12-04 by writers who read the case format, the catalogs
 * and the data, never the follow-up reader; when written they read 59 of 70, 23 of 52 and 38 of 52 turns as meant
 * (offline). About a minute and a half, so outside `npm test`:
 * `npm run eval:blind-later` runs it (BATON_EVAL_BLIND_LATER=1).
 */
import { BLIND_FOLLOWUPS_8 } from '../../eval/blind/followups-8';
import { BLIND_SHARES_9 } from '../../eval/blind/shares-9';
import { BLIND_TRENDS_10 } from '../../eval/blind/trends-10';
import { conversationSuite } from './conversation-suite';

if (process.env.BATON_EVAL_BLIND_LATER === '1')
  conversationSuite('conversations-blind-later', [...BLIND_FOLLOWUPS_8, ...BLIND_SHARES_9, ...BLIND_TRENDS_10], 174);
else test.skip('the later blind sets through real sessions (npm run eval:blind-later)', () => undefined);
