/** Punctuation and the short words every area shares: lists, labels, the unverified mark, units. */
import { defineMessages } from './message';

export const COMMON_MESSAGES = defineMessages({
  /** Between the items of a list. */
  'common.list': { zh: '、', en: ', ' },
  /** Between the values of one filter, any of which a row may have: 华东、华南 / East/South. */
  'common.alternatives': { zh: '、', en: '/' },
  /** Between two or more things one of which is meant: 艺术家 Iron Maiden 或专辑 Iron Maiden / the artist … or the album …. */
  'common.either': { zh: '或', en: ' or ' },
  /** A filter that leaves its values out: 美国以外 / all but USA. */
  'common.all-but': { zh: '{values}以外', en: 'all but {values}' },
  /** Between clauses: 甲，乙 / a, b. */
  'common.comma': { zh: '，', en: ', ' },
  /** Between the parts of a sentence that are each a statement: 甲；乙 / a; b. */
  'common.semicolon': { zh: '；', en: '; ' },
  'common.full-stop': { zh: '。', en: '.' },
  /** A label and its value: 复购率：26.88% / Repeat rate: 26.88%. */
  'common.labelled': { zh: '{label}：{value}', en: '{label}: {value}' },
  /** The mark after a number nobody verified. */
  'common.unverified': { zh: '（未核实）', en: '(unverified)' },
  /** The unverified mark as it follows a number: right after it in Chinese, after a space in English. */
  'common.unverified-suffix': { zh: '（未核实）', en: ' (unverified)' },
  'common.no-data': { zh: '无数据', en: 'no data' },
  /** After a change of a ratio: percentage points. */
  'common.points': { zh: ' 个百分点', en: ' pp' },
  'common.points-unit': { zh: '个百分点', en: 'pp' },
  'common.nothing-to-report': { zh: '没有可报告的结论。', en: 'Nothing to report.' },
});
