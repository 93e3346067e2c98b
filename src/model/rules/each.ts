/**
 * Words that keep a dimension's values or members each on its own line instead of one total: a group word before the
 * term ("by country", 各门店), 各 and a verb after it, and values set apart ("respectively", "which … more, A or B").
 */
import { CN_COUNTER } from '../reading';

/**
 * Several values of one dimension each on its own line: 分别, 各自, "respectively", "separately", "each" (not "each
 * month"), values set against each other ("Paris vs London", "corporate customers … than individuals",
 * 网站和手机应用对比, "compare Paris and London"), and which of them is more ("which had more rentals, EVs or
 * hybrids?", 电动车和混动车哪个次数更多): a total over both would answer none of these.
 */
export const EACH_APART =
  /分别|各自|各是多少|各有多少|对比|相比|比一比|比较一下|(?<![对相])比(?![例率重])|(?<![区部])分(?=[^，。,.；;！!？?]{1,16}(?:和|与|跟|、)[^，。,.；;！!？?]{1,16}看)|(?<=(?:和|与|跟|、)[^，。,.；;！!？?]{1,16})分开|\brespectively\b|\bseparately\b|\bindividually\b|\bside\s+by\s+side\b|\bvs\.?(?=\s|[\u4e00-\u9fff])|\bversus\b|\bcompared?\b|\bcomparing\b|\bthan\b|\beach\b(?!\s+(?:month|quarter|year|week|day)s?\b)|\bwhich\b(?=[^.?!;]*\b(?:more|most|less|least|fewer|fewest|higher|highest|lower|lowest|bigger|biggest|larger|largest|smaller|smallest|better|best|worse|worst)\b)|(?:哪个|哪一个|哪一家|哪家|谁)(?=[^，。,.；;！!？?]*(?:多|少|高|低|大|小|好|差|强|弱))/i;
/** A group word just before a term: 按, 各, 每家, "by", "per", "across", "each of our". */
export const GROUP_WORDS = new RegExp(
  String.raw`(?:按|按照|各个|各|分|每一?${CN_COUNTER}?|by|per|across|each|(?:by|per|across|each\s+of)\s+(?:our|the|your|their)(?:\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve))?)\s*$`,
  'i',
);

/** 各 and a verb a few words after the term ("巴黎两家门店上个月各赚了多少"): each of them; not 各品类, which is another's. */
export const EACH_AFTER =
  /^[^，。,.；;！!？?]{0,8}?各(?=\s*(?:自|赚|卖|收|花|买|租|有|是|占|用|签|做|拿|接|看|订|完成|达|带来|贡献|产生|多少))/;
