/**
 * A message as its reader should see it: chat shorthand written out (shorthand.ts) and asides about the writer left
 * out (asides.ts). Every reader of a question or a follow-up starts from this.
 */
import { withoutAsides } from './asides';
import { expandShorthand } from './shorthand';

/** "I look after Iberia": looking after is managing, not a time after anything. */
const LOOK_AFTER = /\blook(s|ed|ing)?\s+after\b/gi;

export function asMeant(text: string): string {
  return withoutAsides(expandShorthand(text)).replace(LOOK_AFTER, (_all, ending: string | undefined) =>
    ending === 'ing' ? 'managing' : ending === 's' ? 'manages' : ending === 'ed' ? 'managed' : 'manage',
  );
}
