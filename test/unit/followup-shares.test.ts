/**
 * Shares in a conversation: a share question's reading says it is a share (QuestionReading.share), so the thread keeps
 * it. Before, "2024年各流派销售额占比" then "只看美国" was answered with the USA's amounts by genre, not its shares: the
 * follow-up dropped what the user asked for, and the answer's first line did not say so ("track revenue, 2024, by
 * genre" for a share too). Now the first line says "share of …", a follow-up keeps the share until the user asks for
 * the amounts, and a share can be asked of the thread ("as a share of the total?", 占比呢). A share needs a breakdown,
 * and a why explains the amounts' change: "what share?" of a single figure and "why did the share drop?" are asked back.
 */
import { extent } from './chinook-extent';
import { chinook, converse, demo, planned } from './followup-harness';

const brief = (turns: ReturnType<typeof converse>) =>
  turns.map((t) => {
    const r = t.reading;
    if (!r || t.out.kind === 'needs_clarification') return t.out.kind;
    const against = r.compared_with ? ` vs ${r.compared_with.start}` : '';
    const where = r.filters.map((f) => ` ${f.dimension}${f.exclude ? '!=' : '='}${f.values.join('|')}`).join('');
    const by = r.group_by.length > 0 ? ` by ${r.group_by.join(',')}` : '';
    return `${r.share ? 'share of ' : ''}${r.metrics.join(',')} ${r.window?.start ?? '-'}${against}${where}${by}`;
  });

test('a share question says so on its first line', () => {
  const zh = planned('2023年各国家的订单数占比', chinook, extent);
  const en = planned('What share of 2023 tracks sold came from each media type?', chinook, extent);
  expect(typeof zh !== 'string' && zh.statement).toBe('订单数占比，2023年（2023-01-01 – 2023-12-31），按国家：');
  expect(typeof en !== 'string' && en.share).toBe(true);
  expect(typeof en !== 'string' && en.statement).toMatch(/^share of tracks sold, 2023 .*by media type/);
  const amounts = planned('tracks sold by media type in 2023', chinook, extent);
  expect(typeof amounts !== 'string' && amounts.share).toBeUndefined();
});

test('a follow-up keeps the share until the amounts are asked for', () => {
  const turns = converse(['2023年各媒体类型的销量占比', '只看加拿大', '那2022年呢', '换成销售额', '看实际金额', '比重呢'], chinook, extent);
  expect(brief(turns)).toEqual([
    'share of tracks_sold 2023-01-01 by media_type',
    'share of tracks_sold 2023-01-01 country=Canada by media_type',
    'share of tracks_sold 2022-01-01 country=Canada by media_type',
    'share of track_revenue 2022-01-01 country=Canada by media_type',
    'track_revenue 2022-01-01 country=Canada by media_type',
    'share of track_revenue 2022-01-01 country=Canada by media_type',
  ]);
});

test('a share asked of the thread, in English, and of the demo shop', () => {
  const en = converse(
    ['invoices by support rep in 2024', 'what proportion of the total is that?', 'and by country?', 'back to the raw numbers'],
    chinook,
    extent,
  );
  expect(brief(en)).toEqual([
    'orders 2024-01-01 by support_rep',
    'share of orders 2024-01-01 by support_rep',
    'share of orders 2024-01-01 by country',
    'orders 2024-01-01 by country',
  ]);
  const shop = converse(['上个月各渠道的GMV', '各占多少', '只看华东'], demo, null);
  expect(brief(shop)).toEqual([
    'gmv 2026-10-01 by channel',
    'share of gmv 2026-10-01 by channel',
    'share of gmv 2026-10-01 region=华东 by channel',
  ]);
});

test('a share of one figure, and a why of a share, are asked back; a plain why explains the amounts', () => {
  const single = converse(['orders in 2024', 'what percentage?'], chinook, extent);
  expect(brief(single)).toEqual(['orders 2024-01-01', 'needs_clarification']);
  const why = converse(['share of orders by genre in 2024', 'why did the share of Rock fall?', 'why?'], chinook, extent);
  expect(brief(why)).toEqual(['share of orders 2024-01-01 by genre', 'needs_clarification', 'orders 2024-01-01 vs 2023-01-01']);
});

/**
 * Classes the ninth blind set (eval/blind/shares-9.ts) found, in other words than the set's. Each failed before.
 */
test('"mix" asks for shares, and values listed as examples name the breakdown', () => {
  const turns = converse(
    ['tracks sold by genre in 2022', "what's the mix look like?", 'and the country mix, e.g. USA vs Canada vs Brazil'],
    chinook,
    extent,
  );
  expect(brief(turns)).toEqual([
    'tracks_sold 2022-01-01 by genre',
    'share of tracks_sold 2022-01-01 by genre',
    'share of tracks_sold 2022-01-01 by country',
  ]);
});

test('"the Kingdom" and "the States" are a value whose name ends so, never a metric', () => {
  const turns = converse(['share of revenue by rep in 2023', 'only the Kingdom', 'swap that for the States'], chinook, extent);
  expect(brief(turns)).toEqual([
    'share of revenue 2023-01-01 by support_rep',
    'share of revenue 2023-01-01 country=United Kingdom by support_rep',
    'share of revenue 2023-01-01 country=USA by support_rep',
  ]);
  // A value's own name wins: "the Metal" is Metal, not Heavy Metal, whose name ends in it.
  const metal = planned('tracks sold in the Metal genre in 2024', chinook, extent);
  expect(typeof metal !== 'string' && metal.filters).toEqual([{ dimension: 'genre', values: ['Metal'] }]);
});

test('the amounts in other words: "the actual euros", 具体的销量; "the other countries" leaves the one named out', () => {
  const en = converse(['orders by genre in 2021', 'as a proportion?', 'now the actual counts'], chinook, extent);
  expect(brief(en)[2]).toBe('orders 2021-01-01 by genre');
  const zh = converse(['2022年各媒体类型的销量比重', '只看德国', '德国不要了，看其余国家的', '给我具体的销量'], chinook, extent);
  expect(brief(zh)).toEqual([
    'share of tracks_sold 2022-01-01 by media_type',
    'share of tracks_sold 2022-01-01 country=Germany by media_type',
    'share of tracks_sold 2022-01-01 country!=Germany by media_type',
    'tracks_sold 2022-01-01 country!=Germany by media_type',
  ]);
});

test('a share asked after a why is the figures; "turn the X filter off" lifts it; "move" is a change word', () => {
  const turns = converse(
    [
      'invoices by country in 2023',
      'why did they move versus 2022?',
      'what share did each media type have?',
      'only Germany',
      'turn the Germany filter off',
    ],
    chinook,
    extent,
  );
  expect(brief(turns)).toEqual([
    'orders 2023-01-01 by country',
    'orders 2023-01-01 vs 2022-01-01',
    'share of orders 2023-01-01 by media_type',
    'share of orders 2023-01-01 country=Germany by media_type',
    'share of orders 2023-01-01 by media_type',
  ]);
});
