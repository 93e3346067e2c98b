/**
 * A message as its reader should see it: chat shorthand written out (shorthand.ts) and asides about the writer left
 * out (asides.ts). Every reader of a question or a follow-up starts from this.
 */
import { withoutAsides } from './asides';
import { expandShorthand } from './shorthand';

export function asMeant(text: string): string {
  return withoutAsides(expandShorthand(text));
}
