/**
 * A name the catalog does not know (a city, an artist, a customer it lists no values for) is a member the question
 * keeps: answering without it would give every member's figure as that one's. Before, "revenue in Berlin in 2024" was
 * planned as all of 2024's revenue, with "Berlin" only listed as a word not used. Phrased by the kinds of questions
 * the blind sets asked (members named in a sentence, after a comma), and with capitalised words that name nothing (a
 * sentence's first word) still answered. A word in lower case that the English lexicon does not have blocks too
 * ("from metallica"). Chinese names are not recognised (no capitals; see namesNotUsed). The planner then looks the
 * name up in the data (test/integration/members-in-data.test.ts).
 */
import { extent } from './chinook-extent';
import { chinook, demo, planned } from './followup-harness';

const asked = (question: string, catalog = chinook) => {
  const r = planned(question, catalog, catalog === chinook ? extent : null);
  return typeof r === 'string' ? r : 'answered';
};

test.each([
  ['revenue in Berlin in 2024', 'blocking: berlin'],
  ['How much did Iron Maiden sell in 2024?', 'blocking: iron, maiden'],
  ['tracks sold for Metallica last year', 'blocking: metallica'],
  ['Orders from Luís Gonçalves, all time', 'blocking: luís, gonçalves'],
  // In lower case, a word the English lexicon does not have: before, all of 2024's revenue, labelled completed.
  ['revenue from metallica in 2024', 'blocking: metallica'],
  ['units sold in prague last year', 'blocking: prague'],
])('a name the catalog does not know is asked back: %s', (question, outcome) => {
  expect(asked(question)).toBe(outcome);
});

test.each([
  'Revenue by country in 2024',
  'Total revenue in 2024. Break it down by genre',
  'How many tracks did Rock sell in 2023?',
  'Revenue for the USA and Canada in 2024',
  '2024年美国的销售额',
  // jieba tags 东西 as a place and 顾客 as a person: Chinese words are not taken for names.
  '一共有多少企业客户买过我们的东西',
  '美国顾客的客单价',
])('capitalised words that the catalog knows, or that start a sentence, are read: %s', (question) => {
  expect(asked(question)).toBe('answered');
});

test('on the demo shop too: a city it does not list is asked back', () => {
  expect(asked('GMV in Hangzhou last month', demo)).toBe('blocking: hangzhou');
});
