/**
 * Classes a blind Learnloop conversation set (eval/blind/courses-followups-2.ts) and held-out Chinook questions missed,
 * each tried on a catalog of another trade, written here and used by no suite: a bookshop whose books have authors and
 * publishers and whose customers have account managers. Each asserts the exact reading and failed before its fix.
 */
import { parseCatalog } from '../../src/catalog/catalog';
import { classifyIntent, planQuestion, readingOfPlan } from '../../src/model/rules';
import { brief, converse, planned } from './followup-harness';

const shop = parseCatalog(
  `
name: bookshop
description: An online bookshop.
timezone: UTC
primary_metric: revenue
tables:
  order_line: { description: One row per book sold., primary_key: line_id, time_column: sold_at }
  book: { description: One row per title., primary_key: book_id }
  author: { description: One row per author., primary_key: author_id }
  publisher: { description: One row per publisher., primary_key: publisher_id }
  customer: { description: One row per customer., primary_key: customer_id }
  staff: { description: One row per employee., primary_key: staff_id }
time_fields:
  sold_at: { column: order_line.sold_at, meaning: When the book was sold., type: timestamp }
joins:
  - { from: order_line.book_id, to: book.book_id }
  - { from: book.author_id, to: author.author_id }
  - { from: book.publisher_id, to: publisher.publisher_id }
  - { from: order_line.customer_id, to: customer.customer_id }
  - { from: customer.manager_id, to: staff.staff_id }
metrics:
  revenue:
    label: revenue
    label_zh: 收入
    aliases: [sales, made, 卖了]
    description: What the books sold for.
    expression: SUM(order_line.amount)
    table: order_line
    time_field: sold_at
    format: currency
  returns:
    label: returns
    label_zh: 退货数
    aliases: [退货]
    description: Books sent back.
    expression: COUNT(*) FILTER (WHERE order_line.returned)
    table: order_line
    time_field: sold_at
    format: integer
  copies_sold:
    label: copies sold
    label_zh: 销量
    aliases: [copies, 多少本]
    description: Books sold.
    expression: COUNT(*)
    table: order_line
    time_field: sold_at
    format: integer
dimensions:
  book:
    label: book
    label_zh: 书
    aliases: [books, title, titles, 图书]
    column: book.title
    description: The title.
  author:
    label: author
    label_zh: 作者
    aliases: [authors, writer, writers]
    column: author.name
    description: Who wrote the book.
  publisher:
    label: publisher
    label_zh: 出版社
    aliases: [publishers]
    column: publisher.name
    description: Who published the book.
  customer:
    label: customer
    label_zh: 客户
    aliases: [customers]
    column: customer.name
    description: Who bought the book.
  account_manager:
    label: account manager
    label_zh: 客户经理
    aliases: [account managers]
    column: staff.name
    description: The employee who looks after the customer.
  country:
    label: country
    label_zh: 国家
    column: customer.country
    description: The customer's country.
    values:
      Canada: [加拿大]
      France: [法国]
  channel:
    label: channel
    label_zh: 渠道
    column: customer.channel
    description: How the customer found the shop.
    values:
      Paid social: [social ads, online]
      Organic search: [SEO, 自然搜索, online]
      Walk-in: [in store, 到店]
  return_reason:
    label: return reason
    label_zh: 退货原因
    column: order_line.return_reason
    description: Why the book was sent back.
  topic:
    label: topic
    label_zh: 主题
    column: book.topic
    description: What the book is about.
    values:
      SEO: [search engine optimisation]
      Cooking: [烹饪]
`,
  'bookshop.yaml',
);

const AS_OF = '2026-12-01';
const read = (question: string) => {
  const r = planned(question, shop, null, AS_OF);
  return typeof r === 'string' ? r : brief(r);
};

describe('whose', () => {
  it('asks for the person the thing belongs to, through joins to the "one" side', () => {
    expect(read('whose books sold best last year')).toBe('revenue 2025-01-01..2026-01-01 [] /author desc1:author');
    expect(read('谁的书卖得最好')).toBe('revenue all [] /author desc1:author');
    expect(read('whose customers spent the most in 2025')).toBe('revenue 2025-01-01..2026-01-01 [] /account_manager desc1:account_manager');
  });

  it('leaves a thing that reaches no person, or two as near, as it was', () => {
    // A publisher is no person; an author is: whose books is the author's, not the publisher's.
    expect(read('whose books made the most money')).toBe('revenue all [] /author desc1:author');
  });
});

describe('the thing an owner asked for sold', () => {
  it('is what is counted, not a breakdown', () => {
    expect(read('哪个作者的书卖得最好')).toBe('revenue all [] /author desc1:author');
    expect(read("which author's books sold best in 2025")).toBe('revenue 2025-01-01..2026-01-01 [] /author desc1:author');
  });
});

describe('Chinese ranking words', () => {
  it('reads the most of what a verb says (最赚钱, 最火) as a ranking', () => {
    expect(read('哪家出版社最赚钱')).toBe('revenue all [] /publisher desc1:publisher');
    expect(read('去年最火的作者')).toBe('revenue 2025-01-01..2026-01-01 [] /author desc1:author');
  });

  it('reads a count with its counter (5本书, 3位作者)', () => {
    expect(read('最畅销的5本书')).toBe('revenue all [] /book desc5:book');
    expect(read('收入最高的3位作者')).toBe('revenue all [] /author desc3:author');
  });
});

describe('a value left out a few words after its verb', () => {
  it('leaves the value out, and the words between say whose rows', () => {
    expect(read('revenue in 2025, leaving out sales to customers in Canada')).toBe('revenue 2025-01-01..2026-01-01 [country!=Canada] /');
  });
});

describe('a name of several words with one word misspelt', () => {
  it('is the name when one term has it', () => {
    expect(read('revenue by acount manager in 2025')).toBe('revenue 2025-01-01..2026-01-01 [] /account_manager');
  });

  it('is not guessed for a name of one word', () => {
    expect(read('revenue by publsher in 2025')).toMatch(/^cannot_answer: .*did you mean "publisher"/);
  });
});

describe('a name two values share', () => {
  it('keeps both values', () => {
    expect(read('revenue from online customers last month')).toBe('revenue 2026-11-01..2026-12-01 [channel=Organic search|Paid social] /');
  });
});

describe('Chinese dimension words', () => {
  it('reads two metrics’ words run together as one phrase, its head the metric (卖了多少本: copies)', () => {
    expect(read('上个月每位作者卖了多少本')).toBe('copies_sold 2026-11-01..2026-12-01 [] /author');
  });

  it('reads the thing after a count of what was sold as what is counted (卖了多少本书)', () => {
    expect(read('上个月卖了多少本书')).toBe('copies_sold 2026-11-01..2026-12-01 [] /');
  });

  it('groups by a dimension after 每 and its counter (每家, 每位)', () => {
    expect(read('每家出版社的收入')).toBe('revenue all [] /publisher');
    expect(read('每位作者去年的销量')).toBe('copies_sold 2025-01-01..2026-01-01 [] /author');
  });

  it('reads a name by its head after 的 where the rest of the name is said (退货…的原因 is the return reason)', () => {
    const intent = classifyIntent('上个月退货最多的原因是什么', shop);
    expect(intent.intent).toBe('query');
    const plan = planQuestion('上个月退货最多的原因是什么', intent, shop, AS_OF, [], null);
    expect(
      plan.kind === 'plan' ? brief(readingOfPlan('上个月退货最多的原因是什么', plan.steps, shop, 'zh', AS_OF, null).reading) : plan.kind,
    ).toBe('returns 2026-11-01..2026-12-01 [] /return_reason desc1:return_reason');
  });
});

describe('May', () => {
  it('is the month between months, and a period holding two others named is their setting', () => {
    expect(read('compare revenue between May and June 2025')).toBe('revenue 2025-06-01..2025-07-01 vs 2025-05-01..2025-06-01 [] /');
    expect(read('One more question about last year: compare revenue between May and June 2025.')).toBe(
      'revenue 2025-06-01..2025-07-01 vs 2025-05-01..2025-06-01 [] /',
    );
    expect(read('revenue in June 2025, as far as it may be known')).toBe('revenue 2025-06-01..2025-07-01 [] /');
  });
});

describe('in a conversation', () => {
  const turns = (...messages: string[]) =>
    converse(messages, shop, null, AS_OF).map((t) =>
      // Asked back by the follow-up reader, or by the planner the resolved question goes to (the run asks back).
      t.out.kind === 'needs_clarification' || t.planned.startsWith('needs_clarification') ? 'asked back' : brief(t.reading),
    );

  it('reads a word naming values of two dimensions as the value of the dimension the thread filters', () => {
    expect(turns('revenue by author last month for social ads', 'what abt SEO')).toEqual([
      'revenue 2026-11-01..2026-12-01 [channel=Paid social] /author',
      'revenue 2026-11-01..2026-12-01 [channel=Organic search] /author',
    ]);
    // After a topic, SEO is the topic; the question written for it says "SEO", which names a topic and a channel, so the
    // planner asks which (never the channel's figure).
    expect(turns('revenue by author last month, cooking only', 'what abt SEO')).toEqual([
      'revenue 2026-11-01..2026-12-01 [topic=Cooking] /author',
      'asked back',
    ]);
  });

  it('takes "the same for last year" and 去年同月 as the thread’s period a year back', () => {
    expect(turns('revenue for the third quarter of this year', 'Could I have the same for last year, please?')[1]).toBe(
      'revenue 2025-07-01..2025-10-01 [] /',
    );
    expect(turns('上个月的收入', '去年同月呢')[1]).toBe('revenue 2025-11-01..2025-12-01 [] /');
  });

  it('reads "switch to" and "move the period to" as changes to the thread, keeping the rest', () => {
    expect(
      turns(
        'revenue by author in 2025 for Canada',
        'Very well. Please switch to copies sold, and move the period to the third quarter of this year.',
      )[1],
    ).toBe('copies_sold 2026-07-01..2026-10-01 [country=Canada] /author');
  });

  it('drops an apology and politeness, and reads "last mo"', () => {
    expect(
      turns(
        'revenue by author last mo',
        'Apologies, I should have been clearer. Please break that down by publisher instead, and leave out sales to buyers in France.',
      ),
    ).toEqual(['revenue 2026-11-01..2026-12-01 [] /author', 'revenue 2026-11-01..2026-12-01 [country!=France] /publisher']);
  });
});
