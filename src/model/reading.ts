/**
 * How a question was read, said back to the person who asked it.
 *
 * The words that shape a plan beyond metrics and dimensions are found here: a
 * time grain ("by year", "每季度", "which month"), a ranking ("top 5", "哪个国家
 * 最多", "least"), a comparison of periods ("year over year", "环比"). Each match
 * keeps its place in the question, so that after planning every word the plan
 * used is accounted for and the rest can be named: "not used: …". A word left
 * over that names a grain, a period or a ranking means the plan could not say
 * what was asked, and the run asks back instead of answering something else.
 */
import { textIn, type Text } from '../messages';
import type { Language, QuestionReading, TimeGrain, TimeWindow } from '../contracts';
import { lastDayOf } from './time-window';
import { segmenter } from './words/features';
import { isEnglishWord } from './words/lemma';
import { filterValuesText } from '../format/labels';

export type Span = [number, number];

interface Found<T> {
  value: T;
  span: Span;
}

const GRAIN_WORDS: [TimeGrain, RegExp][] = [
  [
    'year',
    /\b(?:by|per|each|every|for each)\s+(?:calendar\s+)?year\b|(?:按|每一?个?|各个?|分)\s*years?\b|\byearly\b|\bannual(?:ly)?\b|\byear[- ]by[- ]year\b|按年度?|每一?年|各年度?|分年度?|逐年|年度(?:销售|收入|营收|数据|汇总|统计)?/,
  ],
  [
    'quarter',
    /\b(?:by|per|each|every|for each)\s+quarter\b|(?:按|每一?个?|各个?|分)\s*quarters?\b|\bquarterly\b|\bquarter[- ]by[- ]quarter\b|按季度?|每个?季度?|各季度|分季度|逐季度?/,
  ],
  [
    'month',
    /\b(?:by|per|each|every|for each)\s+month\b|(?:按|每一?个?|各个?|分)\s*months?\b|\bmonthly\b|\bmonth[- ]by[- ]month\b|按月份?|每个?月|各月份?|分月|逐月|月度/,
  ],
  ['week', /\b(?:by|per|each|every|for each)\s+week\b|\bweekly\b|按周|每周|各周|逐周/],
  ['day', /\b(?:by|per|each|every|for each)\s+day\b|\bdaily\b|按天|按日|每天|每日|逐日/],
];
const WHICH_GRAIN =
  /\b(?:which|what)\s+(year|quarter|month|week|day)\b|\b(?:best|worst|highest|lowest|biggest|strongest|weakest|top)\s+(year|quarter|month|week|day)\b|哪一?(年)|哪一?个?(季度)|哪一?个?(月)份?|哪一?(周)|哪一?(天)/;
const ZH_GRAIN: Record<string, TimeGrain> = { 年: 'year', 季度: 'quarter', 月: 'month', 周: 'week', 天: 'day' };

/** Matches of a pattern that stand outside the given spans. */
function* outside(re: RegExp, q: string, spans: readonly Span[]): Generator<RegExpExecArray> {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (let m = global.exec(q); m; m = global.exec(q)) {
    const [at, to] = [m.index, m.index + m[0].length];
    if (!spans.some(([s, e]) => at >= s && to <= e)) yield m;
  }
}

/**
 * A time grain asked for ("by year", "每月"), or by a ranking over periods ("which month"). Words inside `within`, the
 * catalog's terms the question names, are not a grain: "average daily rate" and "monthly active users" are metrics.
 */
export function findGrain(q: string, within: readonly Span[] = []): Found<{ grain: TimeGrain; ranked: boolean }> | null {
  for (const which of outside(WHICH_GRAIN, q, within)) {
    const word = which.slice(1).find((w) => w !== undefined) ?? 'month';
    const grain = (ZH_GRAIN[word] ?? word) as TimeGrain;
    return { value: { grain, ranked: true }, span: [which.index, which.index + which[0].length] };
  }
  for (const [grain, re] of GRAIN_WORDS) {
    for (const m of outside(re, q, within)) return { value: { grain, ranked: false }, span: [m.index, m.index + m[0].length] };
  }
  return null;
}

/** Chinese counters after a number ("5张专辑", "3首歌", "两门课", "前十名"): what a count of members is written with. */
export const CN_COUNTER = '(?:个|名|位|家|款|种|辆|张|首|本|部|门|节|只|台|件|支|间|条|座|所|项|类|笔|单)';
/** "最赚钱", "最火", "最活跃": the most of what a verb or an adjective says (which metric, the words around it tell). */
export const ZH_MOST_OF = '最赚钱|最挣钱|最能赚|最吸金|最火|最热门|最热销|最能卖|最卖座|最活跃|最频繁';
/** Superlatives from the bottom, with those of length and price ("the shortest rental", 最便宜的车型). */
export const ASCENDING =
  /最低|最少|最小|最差|最弱|最不|最短|最便宜|倒数|\blowest\b|\bsmallest\b|\bleast\b|\bbottom\b|\bworst\b|\bweakest\b|\bfewest\b|\bminimum\b|\bshortest\b|\bcheapest\b/i;
/** Superlatives from the top, with those of length and price ("the longest average rental", 最贵). */
export const DESCENDING = new RegExp(
  `${ZH_MOST_OF}|` +
    /最高|最大|最多|最好|最长|最贵|最忙|最受欢迎|最畅销|卖得最好|头号|头牌|榜首|前|\btop\b|\bhighest\b|\blargest\b|\bbiggest\b|\bmost\b|\bbest\b|\bleading\b|\bstrongest\b|\bmaximum\b|\blongest\b|\bpriciest\b|\bbusiest\b|\bgreatest\b|\bbest[- ]selling\b|\bmost popular\b/
      .source,
  'i',
);
const SUPERLATIVE = new RegExp(`${ASCENDING.source}|${DESCENDING.source}`, 'gi');

/** Every superlative or ranking word, with where it stands. */
export function rankingWords(q: string): Found<'asc' | 'desc'>[] {
  const out: Found<'asc' | 'desc'>[] = [];
  const re = new RegExp(SUPERLATIVE.source, 'gi');
  for (let m = re.exec(q); m; m = re.exec(q)) {
    // 前 is "top" only before a count (前三, 前5名), not in 之前 / 以前 / 前年 / 前三个月 (the months before).
    const rest = q.slice(m.index);
    if (
      m[0] === '前' &&
      (!/^前\s*(?:\d+|[一二两三四五六七八九十]+)/.test(rest) ||
        /^前\s*(?:\d+|[一二两三四五六七八九十]+)\s*个?\s*(?:月|年|季|天|日|周|星期|礼拜|小时)/.test(rest))
    )
      continue;
    out.push({ value: ASCENDING.test(m[0]) ? 'asc' : 'desc', span: [m.index, m.index + m[0].length] });
  }
  return out;
}

const YEAR_OVER_YEAR =
  /\byear[- ]over[- ]year\b|\byoy\b|同比|(?:去年|上年|上一年)同期|\bsame\s+(?:period|month|quarter)\s+(?:of\s+|in\s+)?(?:the\s+)?(?:last|previous|prior)\s+year\b|\b(?:vs\.?|versus|against)\s+(?:the\s+)?(?:prior|previous|last)\s+year(?:\s*,?\s*(?:for\s+|over\s+)?(?:the\s+)?same\s+(?:months|period|weeks|days))?\b|\bcompared\s+(?:to|with)\s+(?:the\s+)?(?:prior|previous|last)\s+year\b/;
/** Against the period just before: 环比, "month over month", "vs the previous quarter", "和前三个月比" (the window's length before it). */
const PERIOD_OVER_PERIOD =
  /\b(?:month|quarter|week|period)[- ]over[- ](?:month|quarter|week|period)\b|\bmom\b|\bqoq\b|\bwow\b|环比|\b(?:with|to|against|than|vs\.?)\s+the\s+(?:month|quarter|week|period)\s+before\b|\b(?:with|to|against|than)\s+the\s+(?:previous|prior|preceding)\s+(?:month|quarter|week|period)\b|(?:与|和|比|较)上一?个?(?:月|季度|周)(?:相比)?|(?:与|和|跟|比|较)?前一个?(?:月|季度|周|年)|(?:与|和|跟|比|较)上上个?月|\bvs\.?\s+(?:the\s+)?(?:prior|previous|last)\s+(?:month|quarter|period)\b|\bcompared\s+(?:to|with)\s+(?:the\s+)?(?:prior|previous|last)\s+(?:month|quarter|period)\b|\b(?:with|to|against|than|vs\.?)\s+the\s+(?:\d+|two|three|four|five|six|twelve)\s+(?:months|quarters|weeks)\s+(?:before|prior)\b|\b(?:with|to|against|than|vs\.?)\s+the\s+(?:previous|prior|preceding)\s+(?:\d+|two|three|four|five|six|twelve)\s+(?:months|quarters|weeks)\b|(?:与|和|跟|比|较)(?:之前|此前|前面)?的?前?\s*(?:\d+|[两二三四五六十]|十二)\s*个?(?:月|季度|周)/;

/** Year over year or period over period, if asked. */
export function findPeriodComparison(q: string): Found<'year_over_year' | 'period_over_period'> | null {
  const yoy = YEAR_OVER_YEAR.exec(q);
  if (yoy) return { value: 'year_over_year', span: [yoy.index, yoy.index + yoy[0].length] };
  const pop = PERIOD_OVER_PERIOD.exec(q);
  if (pop) return { value: 'period_over_period', span: [pop.index, pop.index + pop[0].length] };
  return null;
}

// ------------------------------------------------------------------ words not used

const EN_STOP = new Set(
  `a an the of in on at for to from by per with and or vs versus is are was were be been being do does did done
have has had what whats what's which who whom whose how much many when where why please show me us tell give list find get see
our my we i you your their its it this that these those there here can could would should will shall may might
total totals number amount value values figure figures overall all each every any some across over under during between
than then as into out up down about also just only so very now today data database report hi hello hey thanks
go went going come comes came coming look looks looking break broken breakdown split
like make made much more less did get got give gave bring brought generate generated buy buys bought sell sells sold selling
purchase purchased purchases spend spent pay paid earn earned make makes
gonna wanna dont didnt doesnt isnt arent wasnt werent lemme gimme kinda sorta dunno yeah yep nope ok okay pls plz thx
appreciate appreciated grateful kindly able possible question questions one`.split(/\s+/),
);

const ZH_STOP = new Set(
  `的 了 吗 呢 吧 啊 呀 是 有 在 和 与 及 或 跟 同 对 把 被 给 让 请 帮 帮忙 我 我们 你 你们 他 她 它 他们 咱们 一下 看看 看 查 查询 查一下 统计 计算 算 显示 列出 给出
分析 一共 多少 什么 如何 怎么 怎样 为何 哪 哪个 哪些 哪位 哪家 哪种 哪类 谁 几 多 少 各 按 按照 每 个 位 家 名 种 类 从 到 至 比 中 里 内 上 下 之 其 这 那 这个 那个 这些
那些 找出 找 告诉 情况 数据 数字 数 一 变 了吗 怎么样 分别 分别是 是否 还是 以及 并 并且 最 高 低 大 小 好 差 前 后 贡献
top 每个 每种 每一个 哪几个 一起 出来 列出来 不少 很多 明显 一点 拆 拆开 拆分 细分 分开 分开看 每家 每位 每种 每只 每门 每类 每项 每张 每首 每本 每部 每台 每间 每条 每名 每款 全部列 全列 排 总 总的 总体 整体 全部 所有 期间 时候 时间 月份 年份 年 月 日 天 周 季度 当前 目前 现在 卖 卖得 销售 买 购买 带来 名为 名叫 叫 叫做 称为`.split(
    /\s+/,
  ),
);

/** The question with the covered spans blanked out. */
function uncovered(question: string, covered: Span[]): string {
  const chars = [...question];
  // Spans are UTF-16 offsets from String methods; blank by code unit to stay aligned.
  let out = '';
  let offset = 0;
  for (const ch of chars) {
    const at = offset;
    offset += ch.length;
    out += covered.some(([s, e]) => at >= s && at < e) ? ' '.repeat(ch.length) : ch;
  }
  return out;
}

/**
 * The words of the question outside the covered spans that carry meaning: English words and
 * Chinese words (segmented by jieba) that are not function words, question words or generic verbs.
 */
export function wordsNotUsed(question: string, covered: Span[]): string[] {
  const rest = uncovered(question.toLowerCase(), covered);
  const words: string[] = [];
  for (const m of rest.matchAll(/[a-z\u00c0-\u024f][a-z0-9\u00c0-\u024f'’-]*|\d+(?:\.\d+)?%?/g)) {
    const w = m[0].replace(/['’]s$/, '');
    // The possessive's s of a name the plan used ("Queen's albums"): nothing of its own.
    if (w === 's' && /['’]$/.test(rest.slice(0, m.index))) continue;
    if (!EN_STOP.has(w) && !/^\d{1,2}$/.test(w) && !words.includes(w)) words.push(w);
  }
  for (const run of rest.match(/[\u4e00-\u9fff]+/g) ?? []) {
    for (const w of segmenter().cut(run, false)) {
      if (
        w.trim() &&
        !ZH_STOP.has(w) &&
        !words.includes(w) &&
        !(
          w.length === 1 &&
          /[的了吗呢是在有和与及或各按每个位家名从到至比中里上下之其这那多少几最高低大小好差前后总年月日天周区省市]/.test(w)
        )
      )
        words.push(w);
    }
  }
  return words;
}

/** Unused words that name what the plan language has but this plan does not say: a period, a grain, a ranking. */
export function blockingWords(words: string[]): string[] {
  return words.filter(
    (w) =>
      /\d/.test(w) ||
      /^(?:years?|quarters?|months?|weeks?|days?|yearly|annual|quarterly|monthly|weekly|daily|ytd|since|until|before|after|recent|last|previous|past|latest|first|second|third|fourth|half|h1|h2|q[1-4])$/.test(
        w,
      ) ||
      /^(?:top|bottom|highest|lowest|most|least|best|worst|largest|smallest|biggest|rank|ranking|ranked|fewest|longest|shortest|cheapest|priciest|busiest|greatest)$/.test(
        w,
      ) ||
      // Length and price compared ("rent for longer", 更贵): what is long or dear is a metric the plan must have read.
      /^(?:longer|shorter|cheaper|pricier|costlier|dearer)$/.test(w) ||
      // A season the periods did not read ("in summer", 去年冬天): the plan would answer another window.
      /^(?:spring|summer|autumn|winter)s?$/.test(w) ||
      /[春夏秋冬](?:季|天)/.test(w) ||
      /更长|更短|更久|更贵|更便宜/.test(w) ||
      // Leaving something out: a value left out that the plan does not leave out would be answered with it in.
      /^(?:excluding|exclude[sd]?|except|excepting|without|omit(?:ting|ted)?|ignor(?:e|ing)|minus|besides)$/.test(w) ||
      /除了|除去|除开|不含|不包括|不包含|不算|去掉|去除|剔除|排除|刨除|扣除|以外|之外|除外/.test(w) ||
      // Change, comparison and share: a plan of plain totals does not say them.
      /^(?:growth|grow|grew|grown|growing|increase[ds]?|decrease[ds]?|decline[ds]?|change[ds]?|changing|trends?|trending|trended|compare[ds]?|comparing|comparison|versus|vs|drop(?:s|ped)?|rise|rose|fell|fall|why|share|shares|percentage|percent|proportion|ratio|split|mix)$/.test(
        w,
      ) ||
      /占|比例|份额|百分比|比重|增长|下降|上升|涨|跌|减少|变化|趋势|走势|对比|相比|比较|为什么|为啥|原因|导致|排名|排行|排序/.test(w) ||
      /[年月季周天日]|以来|最近|过去|近期|今天|昨天|前年|上半|下半|第.|排名|最/.test(w),
  );
}

/**
 * Unused words that name someone or something: an English word the question capitalises where no sentence starts
 * ("revenue in Berlin", "how much did Iron Maiden sell"), and a Latin word of four letters or more that the English
 * lexicon does not have ("revenue in berlin", "sales for metallica": isEnglishWord). A name the catalog does not know
 * is most likely a member the question keeps (a city, an artist, a customer): an answer without it would be for
 * every member, so it blocks, and the planner looks it up in the data (src/catalog/members.ts). Chinese has no
 * capitals, and jieba's part-of-speech tags are no substitute: they tag 东西 as a place and 顾客 as a person, so a
 * Chinese name is still only a word not used.
 */
export function namesNotUsed(question: string, notUsed: string[]): string[] {
  const unused = new Set(notUsed);
  const names: string[] = [];
  for (const m of question.matchAll(/[A-Za-z\u00c0-\u024f][A-Za-z0-9\u00c0-\u024f'’&.-]*/g)) {
    const word = m[0].replace(/['’]s$|\.$/, '');
    const lower = word.toLowerCase();
    if (!unused.has(lower) || names.includes(lower)) continue;
    if (/^[a-z\u00c0-\u024f]{4,}$/.test(lower) && !isEnglishWord(lower)) names.push(lower);
    else if (!/^[A-Z\u00c0-\u00de]/.test(word)) continue;
    // A sentence's first word is capitalised whatever it is.
    else if (!/(?:^|[.!?。！？:：;；\n]|^\s*[-*•>])\s*$/.test(question.slice(0, m.index))) names.push(lower);
  }
  return names;
}

// ------------------------------------------------------------------ the statement

function windowText(w: TimeWindow, text: Text, language: Language): string {
  const dates = `${w.start} – ${lastDayOf(w.end)}`;
  const label = language === 'zh' ? w.label_zh : w.label_en;
  if (w.source === 'all_time') return text('reading.window.all-time', { dates });
  // Which rule chose it (the latest full month with data, or the calendar's when the data's extent is unknown) is in the assumptions.
  if (w.source === 'default') return text('reading.window.default', { label });
  if (label.includes(w.start)) return label;
  return text('reading.window.dated', { label, dates });
}

/**
 * The answer's first line: "Revenue, all time (2021-01-01 – 2025-12-22), by year:", with what was compared,
 * grouped, filtered and ranked, and the words not used.
 */
export function statementOf(
  reading: Omit<QuestionReading, 'statement'>,
  language: Language,
  labels: { dimension: (d: string) => string; value: (d: string, v: string) => string },
): string {
  const text = textIn(language);
  const list = text('common.list');
  const metrics = reading.metric_labels.join(list);
  const parts: string[] = [reading.share ? text('reading.share', { metrics }) : metrics];
  if (reading.window) parts.push(windowText(reading.window, text, language));
  if (reading.compared_with) parts.push(text('reading.compared-with', { window: windowText(reading.compared_with, text, language) }));
  if (reading.filters.length > 0) {
    parts.push(
      reading.filters
        .map((f) =>
          text('reading.filter', {
            dimension: labels.dimension(f.dimension),
            values: filterValuesText(language, f, labels.value, text('reading.filter.or')),
          }),
        )
        .join(text('common.comma')),
    );
  }
  const groups = reading.group_by.filter((g) => g !== 'period' && g !== reading.grain);
  if (reading.grain) parts.push(text(`reading.grain.${reading.grain}`));
  if (groups.length > 0) parts.push(text('reading.by', { dimensions: groups.map(labels.dimension).join(list) }));
  if (reading.ranking) {
    const by =
      reading.ranking.by === reading.grain && reading.grain ? text(`reading.unit.${reading.grain}`) : labels.dimension(reading.ranking.by);
    const key = reading.ranking.order === 'desc' ? 'reading.ranking.top' : 'reading.ranking.bottom';
    parts.push(text(key, { n: reading.ranking.n, by }));
  }
  let line = text('reading.line', { parts: parts.join(text('common.comma')) });
  if (reading.not_used.length > 0) line += text('reading.not-used', { words: reading.not_used.join(list) });
  return line;
}
