/**
 * The Chinook paraphrase suite: every question of the Chinook suite asked again in the phrasings a blind writer gave
 * it (eval/paraphrases/chinook.ts, written from the catalog's labels and the original questions only; see
 * eval/paraphrases/BRIEF.md). A phrasing means what its original means, so each case keeps its original's
 * hand-written SQL and the way its answer is read from the run; only the question changes.
 */
import { CHINOOK_CASES } from './chinook-cases';
import type { EvalCase } from './cases';
import { CHINOOK_PARAPHRASES } from './paraphrases/chinook';

/** The suite passes at this share of its phrasings, with no miss labelled completed (issue 25's floor). */
export const PARAPHRASE_PASS_SHARE = 0.9;

export function paraphraseCases(): EvalCase[] {
  return CHINOOK_PARAPHRASES.flatMap((group) => {
    const original = CHINOOK_CASES.find((c) => c.question === group.original);
    if (!original) throw new Error(`paraphrase of a question the Chinook suite does not ask: "${group.original}"`);
    return group.phrasings.map((p) => ({
      ...original,
      question: p.text,
      language: p.language,
      note: `${original.note ?? ''} (paraphrase of "${group.original}")`.trim(),
    }));
  });
}
