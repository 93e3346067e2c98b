/**
 * What the blind set of analysts as they type (eval/blind/chinook-analyst.ts, 33 turns written without reading the
 * follow-up reader) found: 19 of 33 turns read as meant when it was written, with wrong answers among the misses. Each
 * class it found is here in other words than the set's.
 */
import { extent } from './chinook-extent';
import { chinook, expectReadAs } from './followup-harness';

const H2_2023 = '2023-07-01..2024-01-01';
test.each([
  [
    'a quarter or a half without its year is the thread\'s year\'s ("h2?", "q3", "the first half", 下半年, 第三季度)',
    [
      ['revenue by country in 2023', 'fresh', 'revenue 2023-01-01..2024-01-01 [] /country'],
      ['h2?', 'follow_up', `revenue ${H2_2023} [] /country`],
      ['and q1', 'follow_up', 'revenue 2023-01-01..2023-04-01 [] /country'],
      ['what about the first half', 'follow_up', 'revenue 2023-01-01..2023-07-01 [] /country'],
      ['换成第三季度看看', 'follow_up', 'revenue 2023-07-01..2023-10-01 [] /country'],
      ['下半年呢', 'follow_up', `revenue ${H2_2023} [] /country`],
      ['2022年第二季度呢', 'follow_up', 'revenue 2022-04-01..2022-07-01 [] /country'],
    ],
  ],
  [
    'one value swapped among several keeps the others ("法国换成意大利", "swap Brazil for Chile")',
    [
      ['2024年法国和巴西的销量，按媒体类型', 'fresh', 'tracks_sold 2024-01-01..2025-01-01 [country=Brazil|France] /media_type'],
      ['法国换成意大利', 'follow_up', 'tracks_sold 2024-01-01..2025-01-01 [country=Brazil|Italy] /media_type'],
      ['swap brazil for chile', 'follow_up', 'tracks_sold 2024-01-01..2025-01-01 [country=Chile|Italy] /media_type'],
      ['just portugal', 'follow_up', 'tracks_sold 2024-01-01..2025-01-01 [country=Portugal] /media_type'],
    ],
  ],
  [
    'polite and casual filler counts as understood ("pls", "quickly", 的话, 这么), and 怎么掉 asks why',
    [
      ['hey, quickly: revenue for 2025 by quarter', 'fresh', 'revenue 2025-01-01..2026-01-01 [] /quarter'],
      ['split by support rep instead pls', 'follow_up', 'revenue 2025-01-01..2026-01-01 [] /support_rep'],
      ['不算巴西的话呢', 'follow_up', 'revenue 2025-01-01..2026-01-01 [country!=Brazil] /support_rep'],
      ['为啥比2024年少这么多', 'follow_up', 'revenue 2025-01-01..2026-01-01 vs 2024-01-01..2025-01-01 [country!=Brazil] /'],
      ['重新开始：2025年按季度的订单数', 'reset', 'orders 2025-01-01..2026-01-01 [] /quarter'],
      ['第四季度怎么掉了', 'follow_up', 'orders 2025-10-01..2026-01-01 vs 2025-07-01..2025-10-01 [] /'],
    ],
  ],
] as const)('%s', (_name, turns) => {
  expectReadAs(turns, chinook, extent);
});
