/**
 * Blind set 11: several members at once and leaving members out. Multi-turn conversations where the user keeps only
 * some members of a dimension ("USA and Canada only", "Rock vs Jazz", "北美两国对比"), adds or drops one ("add Brazil
 * too", "去掉金属"), swaps them ("Metallica呢"), leaves members out ("everything except Rock", "不算东北") and puts them
 * back ("put Germany back", "referral加回来"), mixed with period, metric and breakdown changes, rankings, whys, resets
 * and figures the catalogs have no data for (margin, ROI, return rate).
 *
 * Personas:
 *   members11-chinook-sales     (Chinook, English)  a regional sales manager comparing countries and support reps.
 *   members11-chinook-music     (Chinook, Chinese)  一个内容运营，比较几个流派、媒体类型和艺人，排除某些流派。
 *   members11-demo-channels     (demo, mixed)       a growth PM comparing registration channels and regions, leaving
 *                                                   some out.
 *   members11-demo-category     (demo, English)     a category manager comparing categories, terse.
 *
 * How it was written: blind. Read only catalogs/chinook.yaml and catalogs/demo.yaml (metrics, dimensions, synonyms,
 * values), eval/conversations/types.ts (the format), eval/conversations/sql.ts (the helpers every expected answer is
 * built with), eval/blind/chinook-values.ts (member spellings), the EvalContext and Answer types of eval/cases.ts and
 * scripts/check-conversation-sql.ts; looked at the data with psql (baton_chinook, baton_test) to check member
 * spellings, to keep every filter non-empty and to keep ties off every ranking cut. Nothing under src/ or test/,
 * docs/follow-ups.md or any other blind file was read.
 *
 * Reading conventions the expected answers follow:
 *   - Relative periods are read against today. Chinook: today is 2026-11-30, "last year"/去年 is 2025, "the year
 *     before"/前年 2024; quarters are calendar ones. Demo: "last month"/上个月 is ctx.last, "the month before"
 *     ctx.previous, "the last n months"/最近n个月 months(ctx.last, n); no calendar names on the demo.
 *   - A first question naming no period means all of the data; a later one keeps the conversation's period (after a
 *     reset, none means all of the data).
 *   - Filters and the period carry over until changed. "X and Y only" / "X vs Y" / "compare X with Y" keeps only
 *     those members and breaks down by their dimension (where + by). "Except X"/"excluding X"/"不算X" leaves X out
 *     (exclude) and keeps the thread's breakdown. "Add Z too" adds Z to the kept members; "drop Y" removes Y from
 *     them (by kept as the thread had it). "What about Z?"/"Z呢" replaces the kept member(s) with Z (by kept).
 *     "Put X back" lifts the exclusion of X.
 *   - A new breakdown replaces the previous one; a reset drops everything; a turn that ends needs_clarification leaves
 *     the thread as it was. A ranking carries over with its breakdown until changed.
 *   - A why compares the thread's period with the one just before it (same length) unless the user names the other,
 *     decomposed by the thread's breakdown dimension or the one named; filters, exclusions included, apply to both.
 *   - Chinook money by country or support rep is invoice totals (revenue); by or filtered to genre, artist, album or
 *     media type it is track revenue. 销量 is tracks sold.
 *   - Demo money and counts are of paid orders with a positive amount, at pay time.
 *   - Margin, ROI / marketing spend, return rates and the like have no data: needs_clarification.
 */
import { ask, months, shiftMonth, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const NA = ['USA', 'Canada'];

const chinookSales: Conversation = {
  id: 'members11-chinook-sales',
  database: 'chinook',
  language: 'en',
  turns: [
    {
      say: 'rev USA vs Canada last yr',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2025), where: { country: NA }, by: 'country' }) },
      note: 'revenue (invoice totals), 2025, country in (USA, Canada), by country: one number per country.',
    },
    {
      say: 'add brazil too',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2025), where: { country: [...NA, 'Brazil'] }, by: 'country' }),
      },
      note: 'revenue, 2025 kept, Brazil added to the kept countries: country in (USA, Canada, Brazil), by country.',
    },
    {
      say: 'same 3 for 2024?',
      kind: 'replace_period',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), where: { country: [...NA, 'Brazil'] }, by: 'country' }),
      },
      note: 'revenue, period replaced by 2024, country in (USA, Canada, Brazil) kept, by country.',
    },
    {
      say: 'drop canada from that',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), where: { country: ['USA', 'Brazil'] }, by: 'country' }),
      },
      note: 'revenue, 2024, Canada removed from the kept countries: country in (USA, Brazil), still by country.',
    },
    {
      say: '# of invoices?',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: year(2024), where: { country: ['USA', 'Brazil'] }, by: 'country' }),
      },
      note: 'orders (invoice count), 2024, country in (USA, Brazil), by country: metric replaced, rest carried.',
    },
    {
      say: 'split that by sales rep instead',
      kind: 'add_breakdown',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'orders', period: year(2024), where: { country: ['USA', 'Brazil'] }, by: 'support_rep' }),
      },
      note: 'orders, 2024, country in (USA, Brazil) kept, breakdown replaced: by support rep.',
    },
    {
      say: "what's the gross margin on those reps",
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Gross margin: the catalog has no cost data, so needs_clarification; the thread stays at turn 6.',
    },
    {
      say: 'ok just Margaret and Steve',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'orders',
            period: year(2024),
            where: { country: ['USA', 'Brazil'], support_rep: ['Margaret Park', 'Steve Johnson'] },
            by: 'support_rep',
          }),
      },
      note: 'orders, 2024, country in (USA, Brazil) kept, support rep in (Margaret Park, Steve Johnson), by support rep.',
    },
    {
      say: 'forget the country filter',
      kind: 'lift_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'orders',
            period: year(2024),
            where: { support_rep: ['Margaret Park', 'Steve Johnson'] },
            by: 'support_rep',
          }),
      },
      note: 'orders, 2024, the country filter lifted; support rep in (Margaret Park, Steve Johnson) kept, by support rep.',
    },
    {
      say: 'start over. top 3 markets by sales in 2023, leave the US out',
      kind: 'reset',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'revenue', period: year(2023), exclude: { country: ['USA'] }, by: 'country', top: { n: 3 } }),
      },
      note: 'Reset. revenue, 2023, country other than USA, by country, top 3 (Canada, Germany, France).',
    },
    {
      say: 'not counting germany either',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'revenue',
            period: year(2023),
            exclude: { country: ['USA', 'Germany'] },
            by: 'country',
            top: { n: 3 },
          }),
      },
      note: 'revenue, 2023, USA and Germany left out, by country, top 3 carried (Canada, France, Ireland).',
    },
    {
      say: 'hm put germany back',
      kind: 'lift_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'revenue', period: year(2023), exclude: { country: ['USA'] }, by: 'country', top: { n: 3 } }),
      },
      note: 'revenue, 2023, the exclusion of Germany lifted (USA still left out), by country, top 3.',
    },
    {
      say: "and in '22?",
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'revenue', period: year(2022), exclude: { country: ['USA'] }, by: 'country', top: { n: 3 } }),
      },
      note: 'revenue, period replaced by 2022, USA left out, by country, top 3 carried (Canada, Brazil, France).',
    },
    {
      say: 'why did that total move vs 2021',
      kind: 'ask_why',
      expect: {
        sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', exclude: { country: ['USA'] }, by: 'country' }, year(2021), year(2022)),
      },
      note: 'why: revenue ex-USA, 2022 against 2021 (named, also the year just before), decomposed by country (the thread breakdown); USA left out of both years.',
    },
  ],
};

const chinookMusic: Conversation = {
  id: 'members11-chinook-music',
  database: 'chinook',
  language: 'zh',
  turns: [
    {
      say: '去年摇滚和金属分别卖了多少钱',
      kind: 'fresh',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { genre: ['Rock', 'Metal'] }, by: 'genre' }),
      },
      note: 'track revenue (money by genre), 2025, genre in (Rock, Metal), by genre.',
    },
    {
      say: '把爵士也加上',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { genre: ['Rock', 'Metal', 'Jazz'] }, by: 'genre' }),
      },
      note: 'track revenue, 2025, Jazz added to the kept genres: genre in (Rock, Metal, Jazz), by genre.',
    },
    {
      say: '那销量呢',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2025), where: { genre: ['Rock', 'Metal', 'Jazz'] }, by: 'genre' }),
      },
      note: '销量 = tracks sold, 2025, genre in (Rock, Metal, Jazz), by genre: metric replaced, rest carried.',
    },
    {
      say: '前年的',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2024), where: { genre: ['Rock', 'Metal', 'Jazz'] }, by: 'genre' }),
      },
      note: 'tracks sold, period replaced by 2024 (前年), genre in (Rock, Metal, Jazz), by genre.',
    },
    {
      say: '去掉金属',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2024), where: { genre: ['Rock', 'Jazz'] }, by: 'genre' }),
      },
      note: 'tracks sold, 2024, Metal removed from the kept genres: genre in (Rock, Jazz), by genre.',
    },
    {
      say: '重新来：前年除了摇滚以外，销售额最高的3个流派',
      kind: 'reset',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), exclude: { genre: ['Rock'] }, by: 'genre', top: { n: 3 } }),
      },
      note: 'Reset. track revenue (by genre), 2024, every genre but Rock, by genre, top 3 (Metal, Latin, Alternative & Punk).',
    },
    {
      say: '金属也不算',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'track_revenue',
            period: year(2024),
            exclude: { genre: ['Rock', 'Metal'] },
            by: 'genre',
            top: { n: 3 },
          }),
      },
      note: 'track revenue, 2024, Rock and Metal left out, by genre, top 3 carried (Latin, Alternative & Punk, TV Shows).',
    },
    {
      say: '不看排名了，改成按媒体类型，全部列出来',
      kind: 'add_breakdown',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), exclude: { genre: ['Rock', 'Metal'] }, by: 'media_type' }),
      },
      note: 'track revenue, 2024, Rock and Metal still left out, breakdown replaced by media type, ranking dropped (all members).',
    },
    {
      say: '视频和mp3对比一下',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'track_revenue',
            period: year(2024),
            where: { media_type: ['Protected MPEG-4 video file', 'MPEG audio file'] },
            exclude: { genre: ['Rock', 'Metal'] },
            by: 'media_type',
          }),
      },
      note: 'track revenue, 2024, genres other than Rock and Metal, media type in (Protected MPEG-4 video file, MPEG audio file), by media type.',
    },
    {
      say: '这两个格式的利润率分别多少',
      kind: 'needs_clarification',
      expect: clarify,
      note: '利润率 (margin): no cost data in the catalog, so needs_clarification; the thread stays at turn 9.',
    },
    {
      say: '为什么跟再前一年比有变化',
      kind: 'ask_why',
      expect: {
        sql: (ctx) =>
          why(
            ctx,
            'chinook',
            {
              metric: 'track_revenue',
              where: { media_type: ['Protected MPEG-4 video file', 'MPEG audio file'] },
              exclude: { genre: ['Rock', 'Metal'] },
              by: 'media_type',
            },
            year(2023),
            year(2024),
          ),
      },
      note: 'why: track revenue 2024 against 2023 (the year just before), decomposed by media type (the thread breakdown); media type in (video, MPEG) and Rock, Metal left out in both years.',
    },
    {
      say: '清空，重新问：去年Iron Maiden和U2对比',
      kind: 'reset',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { artist: ['Iron Maiden', 'U2'] }, by: 'artist' }),
      },
      note: 'Reset. track revenue (money by artist), 2025, artist in (Iron Maiden, U2), by artist.',
    },
    {
      say: 'Metallica呢',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { artist: ['Metallica'] }, by: 'artist' }),
      },
      note: 'track revenue, 2025, the kept artists replaced by Metallica (artist = Metallica), by artist kept.',
    },
    {
      say: '前年的呢',
      kind: 'replace_period',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), where: { artist: ['Metallica'] }, by: 'artist' }),
      },
      note: 'track revenue, period replaced by 2024, artist = Metallica, by artist.',
    },
  ],
};

const APP_MINI = ['app', 'mini_program'];

const demoChannels: Conversation = {
  id: 'members11-demo-channels',
  database: 'demo',
  language: 'mixed',
  turns: [
    {
      say: '上个月 app vs 小程序 GMV',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { channel: APP_MINI }, by: 'channel' }) },
      note: 'GMV, last month (ctx.last), channel in (app, mini_program), by channel.',
    },
    {
      say: 'add web too',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { channel: [...APP_MINI, 'web'] }, by: 'channel' }),
      },
      note: 'GMV, last month, web added to the kept channels: channel in (app, mini_program, web), by channel.',
    },
    {
      say: '最近3个月呢',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 3), where: { channel: [...APP_MINI, 'web'] }, by: 'channel' }),
      },
      note: 'GMV, period replaced by the last 3 months (months(ctx.last, 3)), channel in (app, mini_program, web), by channel.',
    },
    {
      say: '单量?',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 3), where: { channel: [...APP_MINI, 'web'] }, by: 'channel' }),
      },
      note: 'paid orders, last 3 months, channel in (app, mini_program, web), by channel: metric replaced.',
    },
    {
      say: 'drop web, 网站不看了',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 3), where: { channel: APP_MINI }, by: 'channel' }),
      },
      note: 'paid orders, last 3 months, web removed from the kept channels: channel in (app, mini_program), by channel.',
    },
    {
      say: 'split by region',
      kind: 'add_breakdown',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 3), where: { channel: APP_MINI }, by: 'region' }),
      },
      note: 'paid orders, last 3 months, channel in (app, mini_program) kept, breakdown replaced by region.',
    },
    {
      say: '不算东北',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'orders',
            period: months(ctx.last, 3),
            where: { channel: APP_MINI },
            exclude: { region: ['东北'] },
            by: 'region',
          }),
      },
      note: 'paid orders, last 3 months, channel in (app, mini_program), region 东北 left out, by region.',
    },
    {
      say: '各渠道投放ROI多少?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'ROI needs marketing spend, which the catalog does not have: needs_clarification; the thread stays at turn 7.',
    },
    {
      say: 'why did it change vs the 3 months before',
      kind: 'ask_why',
      expect: {
        sql: (ctx) =>
          why(
            ctx,
            'demo',
            { metric: 'orders', where: { channel: APP_MINI }, exclude: { region: ['东北'] }, by: 'region' },
            months(shiftMonth(ctx.last, -3), 3),
            months(ctx.last, 3),
          ),
      },
      note: 'why: paid orders, last 3 months against the 3 months before, decomposed by region (the thread breakdown); channel in (app, mini_program) and 东北 left out in both periods.',
    },
    {
      say: 'start over — 上个月除了referral以外各渠道的买家数',
      kind: 'reset',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last), exclude: { channel: ['referral'] }, by: 'channel' }),
      },
      note: 'Reset. buyers (distinct paying users), last month, channel other than referral, by channel.',
    },
    {
      say: 'referral加回来',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last), by: 'channel' }) },
      note: 'buyers, last month, the exclusion of referral lifted: every channel, by channel.',
    },
    {
      say: '只看新客',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last), where: { customer_type: ['new'] }, by: 'channel' }),
      },
      note: 'buyers, last month, customer type = new, by channel (the same numbers as new customers by channel).',
    },
    {
      say: 'the month before?',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.previous), where: { customer_type: ['new'] }, by: 'channel' }),
      },
      note: 'buyers, period replaced by the month before (ctx.previous), customer type = new, by channel.',
    },
    {
      say: '那每个渠道的获客成本呢 CAC',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'CAC needs acquisition spend, which the catalog does not have: needs_clarification.',
    },
  ],
};

const ELEC_APPAREL = ['数码', '服饰'];

const demoCategory: Conversation = {
  id: 'members11-demo-category',
  database: 'demo',
  language: 'en',
  turns: [
    {
      say: 'gmv electronics vs apparel last month',
      kind: 'fresh',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { category: ELEC_APPAREL }, by: 'category' }),
      },
      note: 'GMV, last month, category in (数码, 服饰), by category.',
    },
    {
      say: '+ beauty',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { category: [...ELEC_APPAREL, '美妆'] }, by: 'category' }),
      },
      note: 'GMV, last month, beauty added: category in (数码, 服饰, 美妆), by category.',
    },
    {
      say: 'last 6 mo',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 6), where: { category: [...ELEC_APPAREL, '美妆'] }, by: 'category' }),
      },
      note: 'GMV, period replaced by the last 6 months, category in (数码, 服饰, 美妆), by category.',
    },
    {
      say: 'monthly',
      kind: 'add_breakdown',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 6), where: { category: [...ELEC_APPAREL, '美妆'] }, by: 'month' }),
      },
      note: 'GMV of the three kept categories together, last 6 months, breakdown replaced by month (the series names its period).',
    },
    {
      say: 'drop apparel',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 6), where: { category: ['数码', '美妆'] }, by: 'month' }),
      },
      note: 'GMV, last 6 months, apparel removed from the kept categories: category in (数码, 美妆), by month kept.',
    },
    {
      say: 'orders instead',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 6), where: { category: ['数码', '美妆'] }, by: 'month' }),
      },
      note: 'paid orders, last 6 months, category in (数码, 美妆), by month: metric replaced.',
    },
    {
      say: 'new q. top 3 cats by aov last month, excl electronics',
      kind: 'reset',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last), exclude: { category: ['数码'] }, by: 'category', top: { n: 3 } }),
      },
      note: 'Reset. AOV, last month, every category but 数码, by category, top 3.',
    },
    {
      say: 'home out too',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'aov',
            period: months(ctx.last),
            exclude: { category: ['数码', '家居'] },
            by: 'category',
            top: { n: 3 },
          }),
      },
      note: 'AOV, last month, 数码 and 家居 left out, by category, top 3 carried.',
    },
    {
      say: 'prev month?',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'aov',
            period: months(ctx.previous),
            exclude: { category: ['数码', '家居'] },
            by: 'category',
            top: { n: 3 },
          }),
      },
      note: 'AOV, period replaced by the month before (ctx.previous), 数码 and 家居 left out, by category, top 3.',
    },
    {
      say: 'put electronics back in',
      kind: 'lift_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'aov', period: months(ctx.previous), exclude: { category: ['家居'] }, by: 'category', top: { n: 3 } }),
      },
      note: 'AOV, month before, the exclusion of 数码 lifted (家居 still left out), by category, top 3.',
    },
    {
      say: 'return rate for those?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Return rate: the catalog has no returns or refunds, so needs_clarification; the thread stays at turn 10.',
    },
    {
      say: 'why did gmv change last month vs the month before, by category',
      kind: 'ask_why',
      expect: {
        sql: (ctx) =>
          why(ctx, 'demo', { metric: 'gmv', exclude: { category: ['家居'] }, by: 'category' }, months(ctx.previous), months(ctx.last)),
      },
      note: 'why: GMV (named), last month against the month before (both named), decomposed by category (named); 家居 still left out of both months.',
    },
    {
      say: 'start fresh: sports vs books, buyers, last 3 months',
      kind: 'reset',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), where: { category: ['运动', '图书'] }, by: 'category' }),
      },
      note: 'Reset. buyers, last 3 months, category in (运动, 图书), by category.',
    },
    {
      say: 'add baby',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'buyers',
            period: months(ctx.last, 3),
            where: { category: ['运动', '图书', '母婴'] },
            by: 'category',
          }),
      },
      note: 'buyers, last 3 months, baby added: category in (运动, 图书, 母婴), by category.',
    },
  ],
};

export const BLIND_MEMBERS_11: Conversation[] = [chinookSales, chinookMusic, demoChannels, demoCategory];
