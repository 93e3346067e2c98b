/**
 * Replies to a question back, written blind: a helper who had not read the reader saw six questions back as a user
 * sees them (the assistant's words only) and wrote 60 replies as people type them, each with the choice it meant or
 * 'none' (a new question, "both", "neither", "不是城市"). The choices here are written as Baton offers them
 * (src/model/rules/refusals.ts, src/activities/planner.ts): a label, and the message the choice stands for.
 * The reader was written with this first set in view. HELDOUT_REPLIES, 56 more by a second helper on seven other
 * questions back, were run once the reader was written, with no change made after. Read by
 * test/unit/reply-choice.test.ts.
 */
import type { Choice } from '../../src/contracts/plan';

export const QUESTIONS_BACK: Record<string, Choice[]> = {
  // "revenue from vogel last month": did you mean species Bird or vet Dr. Katrin Vogel?
  S1: [
    { label: 'species Bird', question: 'revenue from the species Bird last month' },
    { label: 'vet Dr. Katrin Vogel', question: 'revenue from the vet Dr. Katrin Vogel last month' },
  ],
  // "top tracks by queen": the data has more than one "Queen": the artist Queen or the album Queen.
  S2: [
    { label: 'the artist Queen', question: 'top tracks by the artist Queen' },
    { label: 'the album Queen', question: 'top tracks by the album Queen' },
  ],
  // "how are we doing with mango": You could ask: "Top 5 products by revenue last month" or "Revenue of Mango last month".
  S3: [
    { label: 'Top 5 products by revenue last month', question: 'Top 5 products by revenue last month' },
    { label: 'Revenue of Mango last month', question: 'Revenue of Mango last month' },
  ],
  // 上个月大众的销售额：您是想问“品牌为大众”还是“客户为大众集团”？
  S4: [
    { label: '品牌为大众', question: '上个月名为大众的品牌的销售额' },
    { label: '客户为大众集团', question: '上个月名为大众集团的客户的销售额' },
  ],
  // berlin的订单：可以这样问：“城市为Berlin的订单”。
  S5: [{ label: '城市为Berlin的订单', question: '城市为Berlin的订单' }],
  // "sales for jordan in 2024": the customer Michael Jordan or the country Jordan.
  S6: [
    { label: 'the customer Michael Jordan', question: 'sales for the customer Michael Jordan in 2024' },
    { label: 'the country Jordan', question: 'sales for the country Jordan in 2024' },
  ],
};

export interface Reply {
  s: keyof typeof QUESTIONS_BACK;
  reply: string;
  /** The choice meant (1-based), or 'none'. */
  pick: number | 'none';
}

export const BLIND_REPLIES: Reply[] = [
  { s: 'S1', reply: 'the vet', pick: 2 },
  { s: 'S1', reply: 'dr vogle', pick: 2 },
  { s: 'S1', reply: '2', pick: 2 },
  { s: 'S1', reply: 'the first one', pick: 1 },
  { s: 'S1', reply: 'bird species', pick: 1 },
  { s: 'S1', reply: 'katrin', pick: 2 },
  { s: 'S1', reply: 'birds obv', pick: 1 },
  { s: 'S1', reply: 'never mind, revenue by clinic last month', pick: 'none' },
  { s: 'S1', reply: 'show me appointments per month instead', pick: 'none' },
  { s: 'S1', reply: 'both?', pick: 'none' },
  { s: 'S2', reply: 'no the artist', pick: 1 },
  { s: 'S2', reply: 'artsit', pick: 1 },
  { s: 'S2', reply: 'the album', pick: 2 },
  { s: 'S2', reply: 'i meant the albmu', pick: 2 },
  { s: 'S2', reply: 'the band', pick: 1 },
  { s: 'S2', reply: '1', pick: 1 },
  { s: 'S2', reply: 'the 2nd one', pick: 2 },
  { s: 'S2', reply: 'actually top genres by sales', pick: 'none' },
  { s: 'S2', reply: 'whats the total revenue this year', pick: 'none' },
  { s: 'S2', reply: 'neither', pick: 'none' },
  { s: 'S3', reply: 'the second one', pick: 2 },
  { s: 'S3', reply: 'revenue of mango pls', pick: 2 },
  { s: 'S3', reply: 'option b', pick: 2 },
  { s: 'S3', reply: 'top 5', pick: 1 },
  { s: 'S3', reply: 'the first', pick: 1 },
  { s: 'S3', reply: 'yes mango revenue last month', pick: 2 },
  { s: 'S3', reply: 'top products is fine', pick: 1 },
  { s: 'S3', reply: 'forget it, show me sales by region', pick: 'none' },
  { s: 'S3', reply: 'how many orders did we get this week', pick: 'none' },
  { s: 'S3', reply: 'hmm not sure, both maybe', pick: 'none' },
  { s: 'S4', reply: '品牌', pick: 1 },
  { s: 'S4', reply: '第一个', pick: 1 },
  { s: 'S4', reply: '客户那个', pick: 2 },
  { s: 'S4', reply: '客户', pick: 2 },
  { s: 'S4', reply: '第二个', pick: 2 },
  { s: 'S4', reply: '大众集团', pick: 2 },
  { s: 'S4', reply: 'the brand', pick: 1 },
  { s: 'S4', reply: '按地区看销售额', pick: 'none' },
  { s: 'S4', reply: '算了，看一下本月订单数', pick: 'none' },
  { s: 'S4', reply: '都要', pick: 'none' },
  { s: 'S5', reply: '对', pick: 1 },
  { s: 'S5', reply: '是的', pick: 1 },
  { s: 'S5', reply: '城市', pick: 1 },
  { s: 'S5', reply: '嗯 城市berlin', pick: 1 },
  { s: 'S5', reply: '好的就这个', pick: 1 },
  { s: 'S5', reply: '1', pick: 1 },
  { s: 'S5', reply: 'yes', pick: 1 },
  { s: 'S5', reply: '按月看订单数量', pick: 'none' },
  { s: 'S5', reply: '换个问题：上个月销售额多少', pick: 'none' },
  { s: 'S5', reply: '不是城市', pick: 'none' },
  { s: 'S6', reply: 'the country pls', pick: 2 },
  { s: 'S6', reply: 'countyr', pick: 2 },
  { s: 'S6', reply: 'michael jordan', pick: 1 },
  { s: 'S6', reply: 'the customer one', pick: 1 },
  { s: 'S6', reply: 'first', pick: 1 },
  { s: 'S6', reply: 'jordan the country', pick: 2 },
  { s: 'S6', reply: 'option 2', pick: 2 },
  { s: 'S6', reply: 'nvm show sales by country for 2024', pick: 'none' },
  { s: 'S6', reply: 'what about total sales in 2023', pick: 'none' },
  { s: 'S6', reply: 'not sure tbh', pick: 'none' },
];

export const HELDOUT_QUESTIONS_BACK: Record<string, Choice[]> = {
  // "how many visits did hoffmann have in march": the vet Dr. Lena Hoffmann or the owner Jonas Hoffmann.
  T1: [
    { label: 'the vet Dr. Lena Hoffmann', question: 'how many visits did the vet Dr. Lena Hoffmann have in march' },
    { label: 'the owner Jonas Hoffmann', question: 'how many visits did the owner Jonas Hoffmann have in march' },
  ],
  // "rock revenue 2023": did you mean genre Rock or playlist Rock Classics?
  T2: [
    { label: 'genre Rock', question: 'the genre Rock revenue 2023' },
    { label: 'playlist Rock Classics', question: 'the playlist Rock Classics revenue 2023' },
  ],
  // "what's up with the north": You could ask: "Revenue of North last month" or "Top 5 regions by revenue last month".
  T3: [
    { label: 'Revenue of North last month', question: 'Revenue of North last month' },
    { label: 'Top 5 regions by revenue last month', question: 'Top 5 regions by revenue last month' },
  ],
  // 长城这个月的订单：名为长城的品牌、名为长城物流的供应商
  T4: [
    { label: '名为长城的品牌', question: '名为长城的品牌这个月的订单' },
    { label: '名为长城物流的供应商', question: '名为长城物流的供应商这个月的订单' },
  ],
  // 上海的退款：您是想问“城市为上海”还是“门店为上海旗舰店”？
  T5: [
    { label: '城市为上海', question: '名为上海的城市的退款' },
    { label: '门店为上海旗舰店', question: '名为上海旗舰店的门店的退款' },
  ],
  // "orders from paris": You could ask: "orders from the city Paris".
  T6: [{ label: 'orders from the city Paris', question: 'orders from the city Paris' }],
  // "cancellations for premium": did you mean plan Premium or room type Premium Suite?
  T7: [
    { label: 'plan Premium', question: 'cancellations for the plan Premium' },
    { label: 'room type Premium Suite', question: 'cancellations for the room type Premium Suite' },
  ],
};

export const HELDOUT_REPLIES: { s: keyof typeof HELDOUT_QUESTIONS_BACK; reply: string; pick: number | 'none' }[] = [
  { s: 'T1', reply: 'the vet', pick: 1 },
  { s: 'T1', reply: 'jonas', pick: 2 },
  { s: 'T1', reply: '2nd one', pick: 2 },
  { s: 'T1', reply: 'dr hoffman', pick: 1 },
  { s: 'T1', reply: 'teh owner pls', pick: 2 },
  { s: 'T1', reply: 'both of them', pick: 'none' },
  { s: 'T1', reply: 'nvm, total visits by month this year', pick: 'none' },
  { s: 'T1', reply: 'which vet had the most visits in march', pick: 'none' },
  { s: 'T2', reply: 'genre', pick: 1 },
  { s: 'T2', reply: 'playlsit', pick: 2 },
  { s: 'T2', reply: '#1', pick: 1 },
  { s: 'T2', reply: 'rock classics', pick: 2 },
  { s: 'T2', reply: 'the genre one', pick: 1 },
  { s: 'T2', reply: 'not sure, whats the difference', pick: 'none' },
  { s: 'T2', reply: 'actually show revenue by genre for 2023', pick: 'none' },
  { s: 'T2', reply: 'forget it, top 10 tracks last year', pick: 'none' },
  { s: 'T3', reply: 'revenue of north last month', pick: 1 },
  { s: 'T3', reply: 'the first one', pick: 1 },
  { s: 'T3', reply: 'top 5 regions', pick: 2 },
  { s: 'T3', reply: '2', pick: 2 },
  { s: 'T3', reply: 'yeah north revenu', pick: 1 },
  { s: 'T3', reply: 'neither of those', pick: 'none' },
  { s: 'T3', reply: 'how did north do vs south this quarter', pick: 'none' },
  { s: 'T3', reply: 'show me orders by week instead', pick: 'none' },
  { s: 'T4', reply: '品牌', pick: 1 },
  { s: 'T4', reply: '供应商', pick: 2 },
  { s: 'T4', reply: '长城物流', pick: 2 },
  { s: 'T4', reply: '第一个', pick: 1 },
  { s: 'T4', reply: '后者', pick: 2 },
  { s: 'T4', reply: '都要', pick: 'none' },
  { s: 'T4', reply: '算了，看下本月各品类销量', pick: 'none' },
  { s: 'T4', reply: '本月订单总数是多少', pick: 'none' },
  { s: 'T5', reply: '城市', pick: 1 },
  { s: 'T5', reply: '旗舰店', pick: 2 },
  { s: 'T5', reply: '第二个', pick: 2 },
  { s: 'T5', reply: '前者', pick: 1 },
  { s: 'T5', reply: '上海市的', pick: 1 },
  { s: 'T5', reply: '不确定', pick: 'none' },
  { s: 'T5', reply: '换个问题，各城市退款率', pick: 'none' },
  { s: 'T5', reply: '上个月的退货率呢', pick: 'none' },
  { s: 'T6', reply: 'yep', pick: 1 },
  { s: 'T6', reply: 'ok do that', pick: 1 },
  { s: 'T6', reply: 'yes the city', pick: 1 },
  { s: 'T6', reply: 'ya', pick: 1 },
  { s: 'T6', reply: 'sure go ahead', pick: 1 },
  { s: 'T6', reply: 'no, paris is a customer name', pick: 'none' },
  { s: 'T6', reply: 'never mind, orders by country', pick: 'none' },
  { s: 'T6', reply: 'how many orders last week', pick: 'none' },
  { s: 'T7', reply: 'plan', pick: 1 },
  { s: 'T7', reply: 'suite', pick: 2 },
  { s: 'T7', reply: 'the premium plan', pick: 1 },
  { s: 'T7', reply: '2nd', pick: 2 },
  { s: 'T7', reply: 'roomtype', pick: 2 },
  { s: 'T7', reply: 'both pls', pick: 'none' },
  { s: 'T7', reply: 'forget it, show cancellation rate by month', pick: 'none' },
  { s: 'T7', reply: 'what about refunds for last quarter', pick: 'none' },
];
