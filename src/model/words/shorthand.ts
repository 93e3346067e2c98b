/**
 * Chat shorthand written out before a question or a follow-up is read: "rev by country last yr", "what abt latin",
 * "qty sold", "nvm". Only abbreviations whose meaning does not depend on the catalog or the sentence: a unit of time
 * ("yr", "qtr", "mth", "mnth", "wk", "6 mo", "last mo", a year as '22), a common business word ("rev", "qty", "amt", "avg", "cust", "acq", "appts") and chat words ("abt",
 * "nvm", "w/o", "excl.", "incl"). Each is replaced by its word, so every reader (terms, periods, cues) sees the words it knows; the
 * rest of the text is left exactly as written.
 *
 * A misspelt conversational word ("insted", "somthing", "agian") is written out too: only the words of the
 * conversation itself, never a catalog's names (a misspelt metric or dimension is offered back, not guessed), and only
 * one edit away (a letter missing, extra, changed, or two swapped) from exactly one of them.
 */

const SHORTHAND: Readonly<Record<string, string>> = {
  yr: 'year',
  yrs: 'years',
  qtr: 'quarter',
  qtrs: 'quarters',
  mth: 'month',
  mths: 'months',
  mnth: 'month',
  mnths: 'months',
  wk: 'week',
  wks: 'weeks',
  rev: 'revenue',
  appt: 'appointment',
  appts: 'appointments',
  qty: 'quantity',
  amt: 'amount',
  avg: 'average',
  cust: 'customer',
  acq: 'acquisition',
  custs: 'customers',
  abt: 'about',
  nvm: 'never mind',
  thru: 'through',
};

const WORD = new RegExp(String.raw`(?<![\w/])(${Object.keys(SHORTHAND).join('|')})(?![\w'’/])`, 'gi');

/** Conversational words long enough that one edit away from them is a typo, not another word. */
const SPELLED = ['instead', 'without', 'excluding', 'something', 'everything', 'anything', 'previous', 'between'];

/** Edits from one word to another, a swap of two neighbouring letters counting one (optimal string alignment). */
export function edits(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (d[a.length] as number[])[b.length] as number;
}

function respelled(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 6 || SPELLED.includes(lower)) return word;
  const near = SPELLED.filter((w) => Math.abs(w.length - lower.length) <= 1 && edits(lower, w) === 1);
  return near.length === 1 ? (near[0] as string) : word;
}

/** The text with chat shorthand written out: "rev by conutry last yr" → "revenue by conutry last year". */
export function expandShorthand(text: string): string {
  return (
    text
      .replace(WORD, (w: string) => SHORTHAND[w.toLowerCase()] ?? w)
      .replace(/[a-z]{6,}/gi, respelled)
      .replace(/(?<![\w/])(excl|incl)(?:\.|(?![\w'’/]))/gi, (_w: string, stem: string) =>
        stem.toLowerCase() === 'excl' ? 'excluding' : 'including',
      )
      // "last 6 mo", "3mos": months after a count only ("MO" alone is Missouri).
      .replace(/(?<![\w.])(\d+)\s*(mos?)(?![\w'’])\.?/gi, (_w: string, n: string) => `${n} ${n === '1' ? 'month' : 'months'}`)
      // "last mo", "this mo", "per mo", "by mo": a month after a word of which month.
      .replace(/(?<![\w/])(last|this|next|per|by|a|each|that|prev|previous|past)\s+mo(?![\w'’/])\.?/gi, '$1 month')
      // "in '22", "Q3 ’24": a year of this century written with its last two digits.
      .replace(/(?<![\w'’])['’](\d{2})(?![\w'’])/g, '20$1')
      .replace(/(?<![\w/])new\s+q(?:\.|(?![\w'’]))/gi, 'new question')
      .replace(/(?<![\w/])w\/o(?![\w/])/gi, 'without')
      .replace(/(?<![\w/])w\/(?=\s)/gi, 'with')
  );
}
