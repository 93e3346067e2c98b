/**
 * Blind set 12: members the catalog does not list. In catalogs/chinook.yaml city, billing country, customer, artist,
 * album and track carry no values (too many); users name them anyway: "how much did Iron Maiden make last year",
 * "Prague 的客户去年一共花了多少钱", "units stairway to heaven all time". Four Chinook conversations, 56 turns, 11 of
 * them expecting needs_clarification:
 *   - members12-chinook-label      English, a label manager: artists, an artist's albums, replacing the artist,
 *                                  rankings within an artist, a band that does not exist, a band named like its album;
 *   - members12-chinook-content    Chinese with Latin names, 一个内容运营: artists and albums, a self-titled album,
 *                                  a band not in the data, a city and its customers;
 *   - members12-chinook-marketing  mixed English/Chinese, a marketing analyst: cities side by side, customers of a
 *                                  city, a first name two customers share, U2's "Pop" (an album and a listed genre);
 *   - members12-chinook-terse      terse lower-case English, an analyst in a hurry: artists, accent-free city names,
 *                                  a city that does not exist, an artist's top song, tracks by name.
 *
 * How it was written: blind. Read only catalogs/chinook.yaml, eval/conversations/types.ts, eval/conversations/sql.ts,
 * eval/blind/chinook-values.ts, the EvalContext and Answer types of eval/cases.ts and
 * scripts/check-conversation-sql.ts; looked at the data with psql (baton_chinook). Nothing under src/, test/, docs/,
 * no other eval/blind file and no README was read.
 *
 * Reading conventions:
 *   - Chinook's "today" is 2026-11-30: "last year"/去年 is 2025, 前年/"the year before" 2024 (the data ends in
 *     December 2025, so no turn asks about 2026); quarters are calendar ones.
 *   - A first question naming no period means all of the data; a later one keeps the conversation's period.
 *   - Filters and the period carry over until changed. "What about Z?"/"Z呢" replaces the kept member of that
 *     dimension with Z (the breakdown kept); a member of a different dimension adds a filter. A new breakdown
 *     replaces the previous one. A turn that ends needs_clarification leaves the thread as it was.
 *   - Money filtered to or broken down by artist, album, genre, track or media type is track revenue (invoice_line
 *     unit_price × quantity); by country, city or customer alone it is invoice totals (revenue). "Units", 销量,
 *     卖了多少首 and 最常买 are tracks sold (sum of quantity).
 *   - A bare name is read as the member of the dimension the thread already filters on, else as the artist when it is
 *     also an album ("Van Halen", "Pearl Jam": the band, whose self-titled album is one of theirs); a track's name
 *     sums every track of that name (Chinook holds several versions of a song).
 *   - A name absent from the data (Zeppelinz, Radiohead, Coldplay, Atlantis) ends needs_clarification, and so do a
 *     first name two customers share (Luis: Luis Rojas, Luís Gonçalves) and "U2 的 Pop" (U2's album Pop, genre Rock,
 *     or U2's tracks of the genre Pop: two different figures).
 *   - Every filter is non-empty in the data and no ranking cuts a tie (checked with psql).
 */
import type { Answer, EvalContext } from '../cases';
import { ask, year, type Period } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

// ------------------------------------------------------------------ customer and track (not in sql.ts's dimensions)

/** The same shape as sql.ts's Chinook queries, with the customer's full name and the track's name as dimensions. */
const LINE_FROM = `FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id JOIN customer c ON c.customer_id = i.customer_id
  JOIN track t ON t.track_id = l.track_id JOIN album al ON al.album_id = t.album_id JOIN artist ar ON ar.artist_id = al.artist_id
  JOIN genre g ON g.genre_id = t.genre_id`;
const HEADER_FROM = `FROM invoice i JOIN customer c ON c.customer_id = i.customer_id`;
const METRICS: Record<string, { level: 'header' | 'line'; expr: string }> = {
  revenue: { level: 'header', expr: 'sum(i.total)' },
  track_revenue: { level: 'line', expr: 'sum(l.unit_price * l.quantity)' },
  tracks_sold: { level: 'line', expr: 'sum(l.quantity)' },
};
const DIMS: Record<string, string> = {
  customer: `c.first_name || ' ' || c.last_name`,
  city: 'c.city',
  country: 'c.country',
  genre: 'g.name',
  track: 't.name',
  artist: 'ar.name',
  album: 'al.title',
};

interface OwnQuery {
  metric: keyof typeof METRICS;
  period?: Period;
  where?: Record<string, string[]>;
  by?: string;
  top?: number;
}

async function own(ctx: EvalContext, q: OwnQuery): Promise<Answer> {
  const metric = METRICS[q.metric];
  if (!metric) throw new Error(`no metric ${q.metric}`);
  const params: unknown[] = [];
  const conds = ['TRUE'];
  if (q.period) {
    params.push(q.period[0], q.period[1]);
    conds.push(`i.invoice_date >= $1::timestamp AND i.invoice_date < $2::timestamp`);
  }
  for (const [dim, values] of Object.entries(q.where ?? {})) {
    if (metric.level === 'header' && !['customer', 'city', 'country'].includes(dim)) throw new Error(`${dim} on invoices`);
    params.push(values);
    conds.push(`${DIMS[dim]} = ANY($${params.length}::text[])`);
  }
  const from = metric.level === 'header' ? HEADER_FROM : LINE_FROM;
  if (!q.by) {
    const { rows } = await ctx.db.query<{ v: string | null }>(`SELECT ${metric.expr} AS v ${from} WHERE ${conds.join(' AND ')}`, params);
    return Number(rows[0]?.v ?? NaN);
  }
  const { rows } = await ctx.db.query<{ k: string; v: string }>(
    `SELECT ${DIMS[q.by]} AS k, ${metric.expr} AS v ${from} WHERE ${conds.join(' AND ')} GROUP BY 1 ORDER BY 2 DESC, 1`,
    params,
  );
  const all = rows.map((r) => ({ k: r.k, v: Number(r.v) }));
  if (q.top === undefined) return Object.fromEntries(all.map((r) => [r.k, r.v]));
  const [last, next] = [all[q.top - 1], all[q.top]];
  if (!last) throw new Error(`a top ${q.top} over ${all.length} members`);
  if (next && Math.abs(next.v - last.v) < 1e-9) throw new Error(`a tie across the top-${q.top} cut: ${last.k} and ${next.k}`);
  return Object.fromEntries(all.slice(0, q.top).map((r) => [r.k, r.v]));
}

const Y2024 = year(2024);
const Y2025 = year(2025);

// ------------------------------------------------------------------ the conversations

export const BLIND_MEMBERS_12: Conversation[] = [
  {
    id: 'members12-chinook-label',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'How much did Iron Maiden make last year?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Iron Maiden'] } }) },
        note: 'track revenue, 2025, artist Iron Maiden (the band, not its self-titled album or the song of that name)',
      },
      {
        say: 'What about Metallica?',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Metallica'] } }) },
        note: 'track revenue, 2025 kept, artist Iron Maiden → Metallica',
      },
      {
        say: 'How many units is that?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2025, where: { artist: ['Metallica'] } }) },
        note: 'tracks sold, 2025, artist Metallica kept',
      },
      {
        say: 'Break it down by country.',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2025, where: { artist: ['Metallica'] }, by: 'country' }),
        },
        note: 'tracks sold by country, 2025, artist Metallica kept',
      },
      {
        say: 'Now Led Zeppelin.',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2025, where: { artist: ['Led Zeppelin'] }, by: 'country' }),
        },
        note: 'tracks sold by country, 2025, artist Metallica → Led Zeppelin (breakdown kept)',
      },
      {
        say: 'Only France and Germany.',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'tracks_sold',
              period: Y2025,
              where: { artist: ['Led Zeppelin'], country: ['France', 'Germany'] },
              by: 'country',
            }),
        },
        note: 'tracks sold by country, 2025, artist Led Zeppelin, country in (France, Germany)',
      },
      {
        say: 'Drop the country filter and show revenue.',
        kind: 'lift_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Led Zeppelin'] }, by: 'country' }),
        },
        note: 'track revenue (money by country under an artist filter) by country, 2025, artist Led Zeppelin; the country filter lifted',
      },
      {
        say: 'Led Zeppelin vs Deep Purple, all time.',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', where: { artist: ['Led Zeppelin', 'Deep Purple'] }, by: 'artist' }),
        },
        note: 'track revenue by artist, all of the data ("all time" lifts 2025), artist in (Led Zeppelin, Deep Purple)',
      },
      {
        say: 'Top 3 albums of Iron Maiden in 2024.',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'track_revenue',
              period: Y2024,
              where: { artist: ['Iron Maiden'] },
              by: 'album',
              top: { n: 3 },
            }),
        },
        note: 'track revenue by album, top 3, 2024, artist Iron Maiden (Powerslave, Rock In Rio [CD1], Rock In Rio [CD2])',
      },
      {
        say: 'What about the band Zeppelinz?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no artist Zeppelinz in the data (Led Zeppelin and Dread Zeppelin are near): ask, never guess',
      },
      {
        say: "And Queen's?",
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2024, where: { artist: ['Queen'] }, by: 'album', top: { n: 3 } }),
        },
        note: 'the thread before the clarification: top 3 albums by track revenue, 2024; artist Iron Maiden → Queen (their three albums)',
      },
      {
        say: 'Different question: how much did Van Halen make last year?',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Van Halen'] } }) },
        note: 'track revenue, 2025, artist Van Halen. "Van Halen" is also the title of their self-titled album: a label manager asking what Van Halen made means the band (4 albums sold), the album being one of them',
      },
      {
        say: 'Only their self-titled album.',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Van Halen'], album: ['Van Halen'] } }),
        },
        note: 'track revenue, 2025, artist Van Halen, album Van Halen',
      },
      {
        say: 'And in 2024?',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2024, where: { artist: ['Van Halen'], album: ['Van Halen'] } }),
        },
        note: 'track revenue, 2025 → 2024, artist and album Van Halen kept',
      },
    ],
  },
  {
    id: 'members12-chinook-content',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: 'Metallica去年的销售额是多少？',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Metallica'] } }) },
        note: 'track revenue, 2025, artist Metallica',
      },
      {
        say: '那 iron maiden 呢？',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Iron Maiden'] } }) },
        note: 'track revenue, 2025 kept, artist Metallica → Iron Maiden (typed in lower case)',
      },
      {
        say: '按专辑拆开看看',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['Iron Maiden'] }, by: 'album' }),
        },
        note: 'track revenue by album, 2025, artist Iron Maiden',
      },
      {
        say: '只看摇滚',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'track_revenue',
              period: Y2025,
              where: { artist: ['Iron Maiden'], genre: ['Rock'] },
              by: 'album',
            }),
        },
        note: 'track revenue by album, 2025, artist Iron Maiden, genre Rock (摇滚; Iron Maiden tracks are Rock, Metal, Heavy Metal and Blues)',
      },
      {
        say: '换成销量',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'tracks_sold',
              period: Y2025,
              where: { artist: ['Iron Maiden'], genre: ['Rock'] },
              by: 'album',
            }),
        },
        note: 'tracks sold by album, 2025, artist Iron Maiden, genre Rock',
      },
      {
        say: '前年呢？',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'tracks_sold',
              period: Y2024,
              where: { artist: ['Iron Maiden'], genre: ['Rock'] },
              by: 'album',
            }),
        },
        note: 'tracks sold by album, 2025 → 2024 (前年), artist Iron Maiden, genre Rock',
      },
      {
        say: '去掉流派的筛选',
        kind: 'lift_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, where: { artist: ['Iron Maiden'] }, by: 'album' }),
        },
        note: 'tracks sold by album, 2024, artist Iron Maiden; genre filter lifted',
      },
      {
        say: 'Pearl Jam 呢？',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, where: { artist: ['Pearl Jam'] }, by: 'album' }),
        },
        note: 'tracks sold by album, 2024; artist Iron Maiden → Pearl Jam. Pearl Jam is also an album title, but the thread filters on the artist and breaks down by album: the band',
      },
      {
        say: '只看同名专辑《Pearl Jam》，历年的销量',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', where: { artist: ['Pearl Jam'], album: ['Pearl Jam'] }, by: 'year' }),
        },
        note: 'tracks sold by year, all of the data (历年), artist Pearl Jam, album Pearl Jam (the self-titled album)',
      },
      {
        say: 'Radiohead 呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no artist (or album) Radiohead in the data: ask, never guess',
      },
      {
        say: '换个问题：Prague 的客户去年一共花了多少钱？',
        kind: 'reset',
        expect: { sql: (ctx) => own(ctx, { metric: 'revenue', period: Y2025, where: { city: ['Prague'] } }) },
        note: 'revenue (invoice totals; a city filter alone), 2025, city Prague',
      },
      {
        say: '按客户拆开',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => own(ctx, { metric: 'revenue', period: Y2025, where: { city: ['Prague'] }, by: 'customer' }) },
        note: 'revenue by customer (full name), 2025, city Prague: František Wichterlová, Helena Holý',
      },
      {
        say: '只看 Helena Holý，按流派看曲目销售额',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            own(ctx, { metric: 'track_revenue', period: Y2025, where: { city: ['Prague'], customer: ['Helena Holý'] }, by: 'genre' }),
        },
        note: 'track revenue by genre, 2025, city Prague, customer Helena Holý (the genre breakdown replaces the customer one)',
      },
      {
        say: 'František Wichterlová 呢？',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            own(ctx, {
              metric: 'track_revenue',
              period: Y2025,
              where: { city: ['Prague'], customer: ['František Wichterlová'] },
              by: 'genre',
            }),
        },
        note: 'track revenue by genre, 2025, city Prague; customer Helena Holý → František Wichterlová',
      },
    ],
  },
  {
    id: 'members12-chinook-marketing',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: 'Berlin 和 Paris 的 revenue 对比一下',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', where: { city: ['Berlin', 'Paris'] }, by: 'city' }) },
        note: 'revenue (invoice totals) by city, all of the data, city in (Berlin, Paris)',
      },
      {
        say: '加上 London',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', where: { city: ['Berlin', 'Paris', 'London'] }, by: 'city' }),
        },
        note: 'revenue by city, all of the data, city in (Berlin, Paris, London)',
      },
      {
        say: 'London 的 customers 分别花了多少？',
        kind: 'replace_filter',
        expect: { sql: (ctx) => own(ctx, { metric: 'revenue', where: { city: ['London'] }, by: 'customer' }) },
        note: 'revenue by customer, all of the data, city London only (Emma Jones, Phil Hughes)',
      },
      {
        say: 'Emma Jones 最常买的 genre 是哪个？',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => own(ctx, { metric: 'tracks_sold', where: { city: ['London'], customer: ['Emma Jones'] }, by: 'genre', top: 1 }),
        },
        note: 'tracks sold (最常买: bought most often) by genre, top 1, all of the data, city London, customer Emma Jones (Latin)',
      },
      {
        say: 'what about Phil Hughes?',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => own(ctx, { metric: 'tracks_sold', where: { city: ['London'], customer: ['Phil Hughes'] }, by: 'genre', top: 1 }),
        },
        note: 'tracks sold by genre, top 1, all of the data, city London; customer Emma Jones → Phil Hughes (Rock)',
      },
      {
        say: '只看 2024 年',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            own(ctx, {
              metric: 'tracks_sold',
              period: Y2024,
              where: { city: ['London'], customer: ['Phil Hughes'] },
              by: 'genre',
              top: 1,
            }),
        },
        note: 'tracks sold by genre, top 1, 2024, city London, customer Phil Hughes',
      },
      {
        say: 'Luis 呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'two customers are called Luis (Luis Rojas, Santiago; Luís Gonçalves, São José dos Campos), neither in London: ask which',
      },
      {
        say: 'OK 换个话题: how much did Queen and U2 make in the Rock genre last year?',
        kind: 'reset',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'track_revenue',
              period: Y2025,
              where: { artist: ['Queen', 'U2'], genre: ['Rock'] },
              by: 'artist',
            }),
        },
        note: 'track revenue by artist, 2025, artist in (Queen, U2), genre Rock',
      },
      {
        say: '只看 USA 的客户',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'track_revenue',
              period: Y2025,
              where: { artist: ['Queen', 'U2'], genre: ['Rock'], country: ['USA'] },
              by: 'artist',
            }),
        },
        note: 'track revenue by artist, 2025, artist in (Queen, U2), genre Rock, country USA',
      },
      {
        say: '去掉 USA，看 U2 by album',
        kind: 'lift_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, where: { artist: ['U2'], genre: ['Rock'] }, by: 'album' }),
        },
        note: 'track revenue by album, 2025, artist U2 (Queen dropped), genre Rock; the country filter lifted',
      },
      {
        say: 'U2 的 Pop 卖了多少？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'Pop is both a U2 album (genre Rock) and a listed genre (U2 has Pop tracks: the Instant Karma album); the two readings give different figures: ask which',
      },
      {
        say: '我是说 Pop 这张专辑，historically 一共卖了多少首？',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', where: { artist: ['U2'], genre: ['Rock'], album: ['Pop'] } }),
        },
        note: 'tracks sold, all of the data (historically), artist U2, genre Rock kept (the album is all Rock), album Pop; no breakdown (one album)',
      },
      {
        say: 'the band Coldplay 呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no artist Coldplay in the data: ask, never guess',
      },
      {
        say: '换个问题，Luís Gonçalves 去年 by genre 花了多少？',
        kind: 'reset',
        expect: {
          sql: (ctx) => own(ctx, { metric: 'track_revenue', period: Y2025, where: { customer: ['Luís Gonçalves'] }, by: 'genre' }),
        },
        note: 'track revenue (money by genre) by genre, 2025, customer Luís Gonçalves',
      },
    ],
  },
  {
    id: 'members12-chinook-terse',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'iron maiden rev 2024',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2024, where: { artist: ['Iron Maiden'] } }) },
        note: 'track revenue, 2024, artist Iron Maiden',
      },
      {
        say: 'top 2 albums',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'track_revenue',
              period: Y2024,
              where: { artist: ['Iron Maiden'] },
              by: 'album',
              top: { n: 2 },
            }),
        },
        note: 'track revenue by album, top 2, 2024, artist Iron Maiden',
      },
      {
        say: 'units',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, where: { artist: ['Iron Maiden'] }, by: 'album', top: { n: 2 } }),
        },
        note: 'tracks sold by album, top 2, 2024, artist Iron Maiden',
      },
      {
        say: 'metallica',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, where: { artist: ['Metallica'] }, by: 'album', top: { n: 2 } }),
        },
        note: 'tracks sold by album, top 2, 2024; artist Iron Maiden → Metallica',
      },
      {
        say: 'u2',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, where: { artist: ['U2'] }, by: 'album', top: { n: 2 } }),
        },
        note: 'tracks sold by album, top 2, 2024; artist Metallica → U2 (Pop and How To Dismantle An Atomic Bomb, tied with each other, not across the cut)',
      },
      {
        say: 'top song all time',
        kind: 'change_ranking',
        expect: { sql: (ctx) => own(ctx, { metric: 'tracks_sold', where: { artist: ['U2'] }, by: 'track', top: 1 }) },
        note: 'tracks sold (units kept) by track, top 1, all of the data (2024 lifted), artist U2: Sweetest Thing; the track ranking replaces the album one',
      },
      {
        say: 'new q: rev sao paulo last yr',
        kind: 'reset',
        expect: { sql: (ctx) => own(ctx, { metric: 'revenue', period: Y2025, where: { city: ['São Paulo'] } }) },
        note: 'revenue (invoice totals), 2025, city São Paulo (typed without the accent)',
      },
      {
        say: 'by customer',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => own(ctx, { metric: 'revenue', period: Y2025, where: { city: ['São Paulo'] }, by: 'customer' }) },
        note: 'revenue by customer, 2025, city São Paulo: Alexandre Rocha, Eduardo Martins',
      },
      {
        say: '+ rio de janeiro',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => own(ctx, { metric: 'revenue', period: Y2025, where: { city: ['São Paulo', 'Rio de Janeiro'] }, by: 'customer' }),
        },
        note: 'revenue by customer, 2025, city in (São Paulo, Rio de Janeiro)',
      },
      {
        say: 'rev atlantis city?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no city Atlantis in the data: ask, never answer 0 or guess',
      },
      {
        say: 'new q: units stairway to heaven all time',
        kind: 'reset',
        expect: { sql: (ctx) => own(ctx, { metric: 'tracks_sold', where: { track: ['Stairway To Heaven'] } }) },
        note: 'tracks sold, all of the data, track Stairway To Heaven (all three Led Zeppelin versions)',
      },
      {
        say: 'smoke on the water',
        kind: 'replace_filter',
        expect: { sql: (ctx) => own(ctx, { metric: 'tracks_sold', where: { track: ['Smoke On The Water'] } }) },
        note: 'tracks sold, all of the data; track Stairway To Heaven → Smoke On The Water (Deep Purple)',
      },
      {
        say: 'by country',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => own(ctx, { metric: 'tracks_sold', where: { track: ['Smoke On The Water'] }, by: 'country' }) },
        note: 'tracks sold by country, all of the data, track Smoke On The Water',
      },
      {
        say: 'new q: "let there be rock" album rev by yr',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', where: { album: ['Let There Be Rock'] }, by: 'year' }) },
        note: 'track revenue by year, all of the data, album Let There Be Rock (AC/DC; "album" said, so not the song of that name)',
      },
    ],
  },
];
