/**
 * What a question counts when it asks how many of a value: the people a value names ("how many gold members rented":
 * the members), or the kind its dimension is of ("how many cats did we see": the pets seen, not the visits).
 */
import type { Catalog } from '../../catalog/catalog';
import type { CatalogReading, Hit } from '../rules/terms';
import { EN_FUNCTION_WORDS } from './concepts';
import type { Feature } from './features';
import { englishWords } from './lemma';

/** Asked how many of them: "how many", "number of", 多少, 几位 before the value, or 有多少, 人数 after it. */
const COUNTED_BEFORE =
  /(?:\bhow\s+many|\bnumber\s+of|\bcount\s+of|\b#\s*of|多少(?:个|位|名)?|几(?:个|位|名))\s*(?:of\s+(?:our|the)\s+|of\s+|our\s+|the\s+)?$/i;
const COUNTED_AFTER = /^\s*(?:有多少|有几(?:个|位|名)?|多少人|人数|的人数|的数量|数量|数)/;

/**
 * Whether a value's words end in a word for people ("gold members", "corporate customers", 金卡会员, 企业客户) and the
 * question asks how many of them: then the people are counted, not the value's rows.
 */
export function countedPeople(question: string, hit: Hit, features: Feature[]): boolean {
  const head = features.filter((f) => f.start >= hit.start && f.end <= hit.end).pop();
  if (head?.name !== 'CUSTOMER' || head.end !== hit.end) return false;
  return COUNTED_BEFORE.test(question.slice(0, hit.start)) || COUNTED_AFTER.test(question.slice(hit.end));
}

/** Words for a kind of thing that name no particular one. */
const GENERIC_KIND = new Set(['type', 'kind', 'category', 'class', 'group', 'sort', 'name', 'code', 'level', 'tier']);

/**
 * "How many cats did we see": a value counted is one of its dimension's kind ("animal", "pet type"), and that kind is
 * what is counted (the pets seen, not the visits): its dimension's English words are features at the value's place.
 */
export function countedKinds(question: string, catalog: Catalog, reading: CatalogReading): Feature[] {
  return reading.hits
    .filter((h) => h.kind === 'value' && COUNTED_BEFORE.test(question.slice(0, h.start)))
    .flatMap((h) => {
      const d = catalog.dimensions[h.id];
      const words = d ? [d.label, ...d.aliases].flatMap((n) => englishWords(n).map((w) => w.lemma)) : [];
      return [...new Set(words)]
        .filter((w) => w.length > 2 && !GENERIC_KIND.has(w) && !EN_FUNCTION_WORDS.has(w))
        .map((name): Feature => ({ name, start: h.start, end: h.end }));
    });
}
