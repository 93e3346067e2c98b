/**
 * A message as its reader should see it: chat shorthand written out (shorthand.ts) and asides about the writer left
 * out (asides.ts). Every reader of a question or a follow-up starts from this.
 */
import { withoutAsides } from './asides';
import { expandShorthand } from './shorthand';

/** "I look after Iberia": looking after is managing, not a time after anything. */
const LOOK_AFTER = /\blook(s|ed|ing)?\s+after\b/gi;

/** "看得最多", "卖得最少": a verb's degree complement says what was done the most, as "看了最多" does. */
const DONE_THE_MOST = /(看|卖|买|花|赚|租|订|接|学|用)得(?=最多|最少|更多|更少)/g;

export function asMeant(text: string): string {
  return withoutAsides(expandShorthand(text))
    .replace(LOOK_AFTER, (_all, ending: string | undefined) =>
      ending === 'ing' ? 'managing' : ending === 's' ? 'manages' : ending === 'ed' ? 'managed' : 'manage',
    )
    .replace(DONE_THE_MOST, '$1了');
}
