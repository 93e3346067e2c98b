/**
 * The words that make a message a follow-up rather than a question of its own, in English and Chinese: a cue that
 * it leans on the last answer ("and", "what about", "instead", 那, …呢, 换成), a reset ("start over", 重新开始),
 * adding rather than replacing ("also", "too", 加上), lifting a filter ("all countries again", 不限国家), and the
 * filler words a follow-up carries that name nothing ("just", "show me", 只看). Everything that names a metric, a
 * dimension, a value, a period, a grain or a ranking is read by the planner's own readers (src/model/reading.ts,
 * period-text.ts, rules/terms.ts); these are only the conversational words around them.
 */

const LEAD = String.raw`(?:(?:ok(?:ay)?|alright|hmm+|well|so|now|right|oh|ugh|actually|好的?|嗯|那就|算了)[\s,，.!！]*)?`;

/** "start over", "new question:", "ok scratch that.", "never mind,", "重新开始：". */
export const RESET = new RegExp(
  String.raw`^\s*${LEAD}(?:let(?:'?s|\s+us)\s+|那?(?:我们|咱们)\s*)?(?:start\s+(?:over|again|afresh|fresh)|new\s+question|reset|(?:forget|scratch|drop|ignore|disregard)\s+(?:it|that|this|everything|all\s+(?:of\s+)?(?:that|this|it|the\s+above)|all\s+(?:that|this)\s+stuff|about\s+(?:that|it))|from\s+scratch|(?:from\s+the\s+top|back\s+to\s+square\s+one)|never\s*mind|different\s+question|clean\s+slate|new\s+(?:query|topic|thread)|set\s+(?:that|this|it)\s+aside(?:,?\s+and)?(?:\s+start\s+(?:over|again|afresh|fresh))?|(?:different|another|change\s+of)\s+topic|switching\s+gears|(?:清空|清零)(?:[\s,，。.]*重新问)?|重新问|重新开始|重新来|重来|从头开始|从头来|新问题|换个问题|另一个问题|换个话题|新话题|另一个话题|换话题)(?![a-z])[\s,.;:!?，。；：！？—–-]*`,
  'i',
);

/** A follow-up cue at the start ("and …", "what about …", "那…", "再…") or anywhere ("instead", "…呢", 换成). */
export const LEADING_CUE =
  /^\s*(?:(?:ok(?:ay)?|hmm+|so|now|alright|well)[\s,，]+)?(?:and\b|what\s+about\b|how\s+about\b|what\s+if\b|then\b|also\b|but\b|same\b|now\s+(?:for|show|just|only)\b|那么?|那|再|还有|然后|换成|改成|改为|换为|同样|也|顺便|by\s+the\s+way\b)/i;
export const ANYWHERE_CUE =
  /\bswitch(?:\s+(?:it|that|this))?\s+(?:over\s+)?to\b|\bchange\s+(?:it|that|this|the\s+(?:metric|measure|period|window|dates?|timeframe)\s+)?\s*to\b|\bmove\s+(?:it|that|this|the\s+(?:period|window|dates?|range|timeframe))\s+(?:on\s+|back\s+|forward\s+)?to\b|\binstead\b|\brather\b|\bthe\s+same\b|\bas\s+well\b|\btoo\b[?.!]*\s*$|\bagain\b|\bthat\b|\bit\b|\bthose\b|\bthem\b|\bthis\b|呢[？?。.!！\s]*$|换成|改成|改为|换为|那个|这个|它|其中|他|她|\bhis\b|\bher\b/i;

/** Adding to what is there rather than replacing it: "also", "as well", "too", "not X either", "+ beauty", "加上", "同时". */
export const ALSO =
  /^\s*\+\s*(?=\S)|\balso\b|\beither\b|\bas\s+well\b|\btoo\b|\bplus\b|\badd(?:ing)?\b|\binclude\b|同时|再加上|加上|还有|也看|以及|增加|顺便|\bby\s+the\s+way\b|\bwhile\s+you(?:'re|\s+are)\s+at\s+it\b/i;

/** Putting back a value the thread leaves out: "add the US back", "把 US 加回来", "include Canada again", "恢复美国", "keep Latin". */
export const RESTORE =
  /\b(?:add(?:ed)?|put|bring|take)\b[\w\s]{0,24}?\bback(?:\s+in)?\b|\bre-?(?:add|include)\b|\binclud(?:e|ing)\b[\w\s]{0,24}?\bagain\b|\bkeep\b(?!\s+(?:only|just)\b)|加回来?|放回来?|算回来?|加进来|算进来|算上|恢复|保留/i;

/** Swapping one thing for another: "swap country for genre", "switch to genre", "把 country 换成 genre". */
export const SWAP = /\b(?:swap(?:ped)?|switch(?:ed)?|replace[ds]?|change[ds]?)\b|换成|改成|改为|换为|替换|代替|换掉/i;

/**
 * What a message says is being replaced, not asked for: "units rather than dollars", "instead of revenue",
 * "别看金额了", "不要看订单数了", "而不是销售额". The words in it are understood; a metric named there is not the new metric.
 */
export const REPLACED =
  /\b(?:rather\s+than|instead\s+of|in\s+place\s+of)\b[^,.;!?，。；！？]*|(?:而不是|而非|别再?看|不要再?看|不看|别管)[^,.;!?，。；！？了]*了?/gi;

/** Taking a filter away: "remove the Brazil filter", "Brazil 的 filter 去掉", "把加拿大这个条件去掉". */
export const REMOVE_FILTER_VERB =
  /\b(?:remove|drop|clear|lift|delete|kill|lose|ditch|forget|disregard|scrap|get\s+rid\s+of|take\s+(?:off|out|away))\b|\b(?:take|turn|switch)\b(?=[^.?!,;]{0,40}\b(?:off|out|away)\b)|去掉|去除|取消|删掉|删除|拿掉|不要了|撤掉|撤销/i;
export const FILTER_WORD_AFTER = /^\s*(?:的|'s|’s)?\s*(?:这个|那个|这一|的)?\s*(?:filters?|restrictions?|筛选|条件|限制)/i;

/** Every member of the breakdown, not a top n: "all the cities, not just a top five", "the full list", "全部列出来". */
export const ALL_MEMBERS =
  /\bnot\s+(?:just|only)\s+(?:a\s+|the\s+)?(?:top|bottom)(?:\s+\w+)?|\b(?:the\s+)?(?:full|whole|complete|entire)\s+list\b|\bno\s+(?:top|limit|cut-?off)\b|(?:全部|全|都)列(?:出来|出)?|全部显示|全都要|不要只看前/i;

/** Replacing rather than adding: "exclude Canada instead", "换成不含拉丁". */
export const INSTEAD = /\binstead\b|\brather\b|换成|改成|改为|换为|而是/i;

/** Lifting a filter: a dimension after these words ("all countries again", "不限国家", "remove the country filter"). */
export const LIFT_BEFORE =
  /(?:\ball(?:\s+the)?|\bevery|\bany|\bremove(?:\s+the)?|\bdrop(?:\s+the)?|\b(?:forget|disregard|scrap|ignore)(?:\s+about)?(?:\s+the)?|\bclear(?:\s+the)?|\blift(?:\s+the)?|\bwithout(?:\s+the)?|\bno|\bregardless\s+of(?:\s+the)?|\binclude\s+all(?:\s+the)?|\bacross\s+all(?:\s+the)?|不限|所有|全部|去掉|取消|不分|不管|恢复所有|恢复全部)\s*(?:of\s+the\s+)?$/i;
export const LIFT_AFTER =
  /^\s*(?:filters?|restrictions?|limits?|constraints?|的?筛选|的?限制|的?条件|都算|都看|都要|不限制?了?|都行|都可以)/i;
/** Lifting every filter: "remove the filters", "no filters", "去掉筛选". */
export const LIFT_ALL =
  /\b(?:remove|drop|clear|lift|without|no|forget|disregard|scrap|ignore)\s+(?:all\s+)?(?:the\s+)?(?:filters?|restrictions?|constraints?)\b|\ball\s+data\s+again\b|去掉(?:所有)?(?:的)?(?:筛选|限制|条件)|取消(?:所有)?(?:的)?(?:筛选|限制|条件)|不加筛选|不限条件/i;

/** A why: the rules planner's attribution words (src/model/rules/intent.ts) and "what drove that". */
export const WHY =
  /为什么|为何|为啥|原因|解释一下|解释下|再解释|解释解释|怎么回事|咋回事|怎么会|怎么比(?!较)|(?:哪些|哪个|什么).{0,12}?(?:拉上来|拉上去|拉高|拉低|拖累|拖后腿|拖下来|拖下去|拉下来|带动|导致)|怎么(?:掉|降|跌|少|涨|多|下滑|下降|上升|减少|增加)|\bwhy\b|\bhow\s+come\b|\bwhat(?:'s|’s|s|\s+is|\s+was)?\s+(?:drove|drives|driving|caused|causes|causing|explains|behind)\b|\bexplain\b|\bdrivers?\b|\bvariances?\s+(?:vs\.?|versus|against|to|from|over)\b/i;
/**
 * The figure shown rather than its change: "break the Q1 figure down by country", "that number by genre", 把一季度的数按国家拆开,
 * 这个数字. Not "the number of orders" (a metric's name) nor 数据, 数量, 数目.
 */
export const FIGURE = /\b(?:figure|number|total|amount)s?\b(?!\s+of\b)|(?:的|这个|那个|这些|那些)(?:数字|数值|总数|总额|数)(?![据量目])/i;

/** The total asked for ("and the total for Canada?", 总销售额): with no breakdown named, the one figure, not the groups. */
export const TOTAL =
  /\b(?:the\s+)?(?:grand\s+)?totals?\b(?!\s+(?:number|count)\s+of\b)|总(?:销售额|收入|营收|金额|额|量|数|订单数|销量)|合计|整体/i;

/** The rest of a dimension's values: "the other countries", 其他国家, "the remaining genres": what is left out is left out. */
export const OTHERS =
  /(?:其他|其它|其余|别的)的?[\u4e00-\u9fff]{1,4}|\b(?:the\s+)?(?:other|remaining)\s+[a-z]+|\bthe\s+rest\s+of\s+the\s+[a-z]+/gi;

/** The amounts again after shares: "the actual amounts", "in absolute terms", 看金额, 绝对值, 不看占比. */
export const AMOUNTS =
  /\b(?:(?:the\s+)?(?:actual|absolute|raw|real)\s+(?:numbers|figures|values|amounts|totals|terms|dollars|euros|money|counts|sales)|the\s+amounts|not\s+(?:as\s+)?(?:a\s+)?(?:shares?|percentages?))\b|绝对值|绝对数|实际金额|看金额|具体的?(?=[^，。？?]{0,6}(?:数|额|量|值))|金额本身|不看占比|不要占比|不用占比/i;

/** A trend asked of the thread: "and the trend?", "走势呢". */
export const TREND = /趋势|走势|\btrends?\b|\bover\s+time\b/i;

/**
 * Words a follow-up carries that name nothing to compute (each also understood in its other forms: "slumped", "weaker"
 * and "worse" are read by their lemmas, src/model/words/lemma.ts) (beyond the planner's own stop words): they count as
 * understood. Anything else left over names something the catalog lacks, and is asked back.
 */
export const FILLER = new Set(
  `and what about how if then also but same now instead rather well too again just only show me let lets let's look see
break broken down split it that this those them these one ones ok okay hmm hmm alright so right please thanks thank you
can could would will do does did is are was were for in at on of the a an to with as by per each every all any include
including remove drop clear lift without no regardless filter filters restriction restrictions constraint constraints limit
limits back switch swap change replace use make thing things stuff try versus vs plus add adding instead rather than whole entire full who which
where when same again there here were give list tell number numbers figure figures value values answer result results
happened happen happening go went going got get about did hm sure yes yeah yep cool great nice more less
different other another compare compared comparison period periods time times breakdown grouped group rank ranking
ranked order sorted sort highest lowest top bottom first last instead what's whats how's hows drove drive drives
driven driving caused cause causes explain explains behind come fall fell falls fallen falling drop dropped drops
dropping rise rose rises risen rising grow grew grows growing increase increased increases decrease decreased decreases
decline declined declines up down higher lower change changed changes changing went enough fine suffices suffice
will do only need needed want wanted keep just left rest remaining remains leftover leftovers actually take taking put pls plz thx ty sec quick quickly asap hi hello hey
view views picture isn't isnt aren't arent wasn't wasnt that's thats it's its we our us
good morning afternoon evening restrict restricted limit limited narrow narrowed focus focused zoom mainly mostly roughly approximately about
main mainly major primarily largely noticeably significantly much lot lots bit slightly pull pulled push pushed lift lifted contribute
contributed contributing contribution contributions responsible slump dip tank plunge plummet crater collapse slip slide sag ease
soften weaken underperform surge spike spiked jump soar climb rebound recover strengthen outperform weak strong soft bad
good flat together full year period quarter month week day interesting something anything ah worries side brilliant
within etc count terms account accounted accounts move moved moves moving movement swing swung shift shifted counting counted off they their turn switch still
either forget disregard scrap lovely perfect awesome wonderful excellent fantastic super neat gotcha cheers worldwide globally off i'm i've i'd restate restated extend wise business combined understand decompose decomposed decomposition further
fair nope guess suspect way run rerun redo quite really pretty work worked achieve achieved achieving pay paid charge charged earn earned
bring brought generate generated doing done
one two three four five six seven eight nine ten eleven twelve`.split(/\s+/),
);
export const ZH_FILLER = new Set(
  `那 那么 呢 其他 其它 别的 其余 单独 拿出来 拿出 拿 出来 换成 改成 改为 换为 再 还有 然后 同样 也 只看 只 看 仅 仅看 就 加上 再加上 同时 又 一下 吗 重新 不限 所有 全部 去掉 取消 筛选 条件
限制 看看 分别 情况 的 了 是 谁 多少 怎么样 如何 要 只要 只算 算 这个 那个 它 其中 呀 吧 嗯 好 好的 换 改 按 分 各 以及 增加 恢复 都 都算 都看
都要 不分 不管 为什么 为何 为啥 原因 怎么回事 咋回事 怎么会 拆 拆开 拆分 细分 分解 首 张 变化 多 少 高 低 最 名 前 后 个 们 下 看下 来 给 我 列 出 比 比较 对比 相比 和 与 跟 是谁 哪些 哪个
怎么 走势 趋势 多了 少了 下降 上涨 上升 减少 增加 下跌 下滑 涨 跌 降
就行 行 就好 即可 可以 够了 够 好了 就可以 就够了 请 麻烦 只需 只需要 最后 末尾 的话 这么 那么 这样 帮 帮我 拉 拉一下 掉
别 不要 主要 大概 大约 大致 一起 排 排个 哪几个 啥 拉长 拆解 端 端的 一遍 做 再做 再来 出来 列出来 全部列 全列 列出 每个 每种 每一个 拿掉 这边 那边 这块 那块 拉上来 拉上去 拉高 拉低 拖累 带动 贡献 上来 下来 不少 很多 明显 一些 有点 口径 顺便 想 份 太 拖下来 拖下去 拉下来 几家 哪几家 家 排在 明白了 明白 好吧 算了 先 先这样 这样吧 就这样 先到这里 到这里`.split(
    /\s+/,
  ),
);
