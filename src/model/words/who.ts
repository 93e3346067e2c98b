/**
 * Who did the most: "who bought the most?", "谁租得最多", "who rented the most days" rank the catalog's customer
 * dimension, by what was bought or done, never by how many people there are.
 */
import type { Catalog } from '../../catalog/catalog';
import type { CatalogReading } from '../rules/terms';

/**
 * "哪个城市的顾客买得最多", "which country's customers bought the most": who bought the most is ranked by what they
 * bought, never by how many of them there are; the people and the buying then name no metric of their own.
 */
export const BOUGHT_MOST =
  /(?:顾客|客户|用户|买家|消费者|谁|customers?|clients?|buyers?|shoppers?|people)\W{0,3}(?:的)?\s*(?:买|购买|消费|花钱|花)(?:得|了)?\s*最多|\b(?:who|customers?|clients?|buyers?|shoppers?)\s+(?:bought|buy|purchased|spent|spend)\s+(?:\w+\s+){0,2}?(?:the\s+)?most\b/i;

/** "Who bought the most?", "谁买得最多": who is the catalog's customer dimension (the one named "customer" or 客户). */
const WHO = /\bwho\b|谁/i;
/** "Who rented the most days", "who booked the most", "谁租得最多": whoever did the most of anything is ranked too. */
const WHO_MOST =
  /\bwho\s+(?:[a-z']+\s+){1,3}?(?:the\s+)?(?:most|fewest|least|longest|highest|biggest|largest)\b|谁[\u4e00-\u9fff]{0,6}?最(?:多|少|长|高|大)/i;
/** A noun right after "the most", "the fewest", 最多的: what is counted ("the most tracks"), not who did it. */
const COUNTED_AFTER_SUPERLATIVE = /\b(?:most|fewest|least)\s+$|最多的?$/i;

/** The catalog's customer dimension: the one named "customer" or 客户. */
export function customerDimension(catalog: Catalog): string | null {
  const names = (id: string) => {
    const d = catalog.dimensions[id];
    return d ? [id, d.label, d.label_zh, ...d.aliases].map((n) => n.toLowerCase()) : [];
  };
  return Object.keys(catalog.dimensions).find((id) => names(id).includes('customer') || names(id).includes('客户')) ?? null;
}

/**
 * The dimension "who" ranks, or null: only where nothing else says who ("who bought the most, new or returning
 * customers?" asks between two values). What is counted is not who: "who bought the most tracks" names tracks as what
 * was bought.
 */
export function whoDidTheMost(question: string, catalog: Catalog, reading: CatalogReading): string | null {
  const counted = (d: string) =>
    reading.hits.some((h) => h.kind === 'dimension' && h.id === d && COUNTED_AFTER_SUPERLATIVE.test(question.slice(0, h.start)));
  const nobody = reading.groupBy.length === 0 && reading.mentionedDimensions.every(counted) && reading.filters.length === 0;
  return nobody && WHO.test(question) && (BOUGHT_MOST.test(question) || WHO_MOST.test(question)) ? customerDimension(catalog) : null;
}
