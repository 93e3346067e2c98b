/**
 * The wording helpers under their first address, for the files that still import them from here (the operation
 * modules, the model, the workflow): numbers are formatted in src/format/, texts are messages in src/messages/.
 * New code imports from those homes; this module only re-exports them.
 */
export { dimensionLabel, valueLabel } from '../format/labels';
export { MONEY_PREFIX, formatDelta, formatMoney, formatValue } from '../format/numbers';
export { countWord, joinSentences, languageOf, say, unverifiedMark, wordsFor, type Say, type Words } from '../messages/words';
export { trendSentence } from '../messages/trend-sentence';
export { proseProblems } from '../messages/prose';
