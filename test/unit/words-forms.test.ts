/**
 * Term matching by word form and meaning (src/model/words/), on the two catalogs and on a bookshop catalog written
 * here that no suite uses: verb forms (sold, bought, spent, 卖了, 买过, 花了), plural and singular, compounds
 * ("sub category", "sub-category", "subcategory"), a units metric beside a money one, and words that match nothing.
 * Each phrasing is written from the class, not taken from a suite; each asserts the exact reading.
 */
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import { bookshop } from './words-catalogs';
import { readQuestion } from '../../src/model/rules';
import { lemma } from '../../src/model/words/lemma';

const chinook = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'));
const demo = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'));

const terms = (question: string, catalog = chinook) => {
  const r = readQuestion(question, catalog);
  return { metrics: r.metrics, filters: r.filters, groupBy: r.groupBy, topN: r.topN };
};

describe('word forms', () => {
  test('the lemmatizer folds verb forms and plurals, the same every time', () => {
    expect(['sold', 'selling', 'sells', 'bought', 'purchased', 'spent', 'earned', 'made', 'categories', 'losses'].map(lemma)).toEqual([
      'sell',
      'sell',
      'sell',
      'buy',
      'purchase',
      'spend',
      'earn',
      'make',
      'category',
      'loss',
    ]);
    expect(lemma('subcategories')).toBe('subcategory');
  });

  test('a compound is one word however it is written, singular or plural', () => {
    for (const q of ['turnover by sub category', 'turnover by sub-category', 'turnover by subcategory', 'turnover by sub categories']) {
      expect(terms(q, bookshop)).toEqual({ metrics: ['turnover'], filters: [], groupBy: ['sub_category'], topN: null });
    }
  });

  test('plural and singular of labels and values', () => {
    expect(terms('takings by shops', bookshop)).toEqual({ metrics: ['turnover'], filters: [], groupBy: ['shop'], topN: null });
    expect(terms('how many orders came from the markets')).toMatchObject({ metrics: ['orders'] });
    expect(terms('revenue from Brazilian customers')).toEqual({
      metrics: ['revenue'],
      filters: [{ dimension: 'country', values: ['Brazil'] }],
      groupBy: [],
      topN: null,
    });
  });
});

describe('verbs name the metric they measure', () => {
  test('selling and spending are money; a units metric wins when units are asked', () => {
    expect(terms('How much did we sell in Leith?', bookshop)).toEqual({
      metrics: ['turnover'],
      filters: [{ dimension: 'shop', values: ['Leith'] }],
      groupBy: [],
      topN: null,
    });
    expect(terms('How many books did we sell?', bookshop)).toMatchObject({ metrics: ['copies_sold'] });
    expect(terms('How many items have we sold?', demo)).toMatchObject({ metrics: ['items_sold'] });
    expect(terms('How much have we sold?', demo)).toMatchObject({ metrics: ['gmv'] });
    expect(terms('How much did shoppers spend on poetry?', bookshop)).toEqual({
      metrics: ['turnover'],
      filters: [{ dimension: 'sub_category', values: ['Poetry'] }],
      groupBy: [],
      topN: null,
    });
    expect(terms('how much money did we make selling music')).toMatchObject({ metrics: ['revenue'] });
  });

  test('buying is buyers or orders', () => {
    expect(terms('How many users have bought anything?', demo)).toMatchObject({ metrics: ['buyers'] });
    expect(terms('How many customers purchased from us?', bookshop)).toMatchObject({ metrics: ['shoppers'] });
    expect(terms('number of corporate clients who have placed an order')).toMatchObject({ metrics: ['business_customers'] });
  });

  test('Chinese verb forms go through the same vocabulary', () => {
    expect(terms('犯罪小说卖了多少钱', bookshop)).toEqual({
      metrics: ['turnover'],
      filters: [{ dimension: 'sub_category', values: ['Crime'] }],
      groupBy: [],
      topN: null,
    });
    expect(terms('有多少顾客买过书', bookshop)).toMatchObject({ metrics: ['shoppers'] });
    expect(terms('下单的用户有多少', demo)).toMatchObject({ metrics: ['buyers'] });
    expect(terms('每个门店花了多少钱', bookshop)).toEqual({ metrics: ['turnover'], filters: [], groupBy: ['shop'], topN: null });
  });

  test('a word that matches nothing stays unmatched', () => {
    expect(terms('how is the weather in Leith', bookshop).metrics).toEqual([]);
    expect(terms('show me the profits').metrics).toEqual([]);
    expect(terms('average rent per shop', bookshop).metrics).toEqual([]);
  });
});
