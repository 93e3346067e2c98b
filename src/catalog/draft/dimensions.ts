/**
 * The draft's dimensions: low-cardinality text and enums, booleans, and the names of what facts refer to (a
 * genre's name, a customer's full name). A name with more than a thousand values (a customer's, a product's) is
 * drafted for rankings only: "top 10 customers" works, a plain breakdown by it is refused with an offer of the top 10.
 */
import { quoted } from '../introspect';
import { SQL_RESERVED } from '../reserved';
import { CUSTOMER_KEY, dimLabel, ENTITY_NAME, ID_LIKE, meant, NAME_COLUMN, NOT_A_DIMENSION, plural, singular, words } from './names';
import type { DraftSchema } from './schema';
import type { Facts } from './tables';
import type { Noted } from './types';

type Drafted = Record<string, Noted<Record<string, unknown>>>;

/** More values than this and a name is for rankings only. */
export const RANKING_ONLY_ABOVE = 1000;

/** The known values of a dimension, each with no synonyms yet: written when there are at most 30. */
const valueList = (values: string[]) => (values.length <= 30 ? { values: Object.fromEntries(values.map((v) => [v, []])) } : {});

/** Dimensions, with ids that no other dimension or metric takes. */
export async function draftDimensions(s: DraftSchema, facts: Facts, metrics: Drafted): Promise<Drafted> {
  const dimensions: Drafted = {};
  const dimNames = new Set<string>();
  const addDim = (id: string, def: Record<string, unknown>, comment?: string) => {
    // A reserved word (user, order) cannot name a column in SQL: its plural can.
    const base = SQL_RESERVED.has(id.toLowerCase()) ? plural(id) : id;
    let key = base;
    for (let i = 2; key in dimensions || key in metrics; i++) key = `${base}_${i}`;
    dimensions[key] = { value: def, comment };
    dimNames.add(key);
  };
  // A column meaning the same in two tables (rental.status_cd, payment.status_cd) is labelled with its table in both.
  const meanings = facts.included.flatMap((t) => ((facts.hops.get(t) ?? 0) < 2 ? s.rel(t).columns.map((c) => meant(c.name)) : []));
  const sharedMeanings = new Set(meanings.filter((m, i) => meanings.indexOf(m) !== i));
  for (const t of facts.included) {
    const rel = s.rel(t);
    const hop = facts.hops.get(t) ?? 0;
    const keys = s.keyCols(rel);
    const nameCol = rel.columns.find((c) => isEntityName(t, c.name) && c.category === 'S');
    const first = rel.columns.find((c) => /^first_?name$/i.test(meant(c.name)));
    const last = rel.columns.find((c) => /^(last_?name|surname)$/i.test(meant(c.name)));
    const entity = singular(t);
    // An entity's name: the table's dimension ("genre", "customer"), whatever its cardinality up to a thousand.
    if (hop > 0 && first && last) {
      const many =
        (await s.distinctCount(t, `${quoted(first.name)} || ' ' || ${quoted(last.name)}`, RANKING_ONLY_ABOVE)) > RANKING_ONLY_ABOVE;
      addDim(
        entity,
        {
          ...dimLabel(words(entity)),
          expression: `${t}.${first.name} || ' ' || ${t}.${last.name}`,
          description: `the ${words(entity)}'s full name`,
          ...(many ? { ranking_only: true } : {}),
        },
        many ? rankingComment(entity) : undefined,
      );
    } else if (hop > 0 && nameCol) {
      const values = await s.distinctValues(t, nameCol.name, RANKING_ONLY_ABOVE);
      addDim(
        entity,
        { ...dimLabel(words(entity)), column: `${t}.${nameCol.name}`, ...(values ? valueList(values) : { ranking_only: true }) },
        values ? undefined : rankingComment(entity),
      );
    }
    if (hop >= 2) continue; // further away, only the name: a genre's name, an artist's name
    for (const c of rel.columns) {
      if (
        keys.has(c.name) ||
        c === nameCol ||
        c === first ||
        c === last ||
        s.isSensitive(c.name) ||
        NOT_A_DIMENSION.test(c.name) ||
        ID_LIKE.test(c.name)
      )
        continue;
      if (nameCol && c.name.startsWith(`${nameCol.name}_`)) continue; // name_en beside name: the same thing translated
      if (c.category === 'B') {
        addDim(c.name, { ...dimLabel(words(c.name)), column: `${t}.${c.name}`, values: { true: [], false: [] } });
        continue;
      }
      if (c.category !== 'S' && c.category !== 'E') continue;
      const isName = ENTITY_NAME.test(meant(c.name)) || NAME_COLUMN.test(meant(c.name));
      // A code beside its name (region_code, region_name): the name is the dimension.
      const named = /_code$/.test(meant(c.name)) && rel.columns.some((n) => meant(n.name) === meant(c.name).replace(/_code$/, '_name'));
      if (named) continue;
      const values = c.enumValues ?? (await s.distinctValues(t, c.name, isName ? RANKING_ONLY_ABOVE : 100));
      if (values?.length === 0 || (!values && !isName)) continue;
      const shared = dimNames.has(c.name) || s.rels.has(c.name) || sharedMeanings.has(meant(c.name));
      const id = shared ? `${t}_${c.name}` : c.name;
      const base = { ...dimLabel(dimensionWords(shared ? `${t}_${c.name}` : c.name)), column: `${t}.${c.name}` };
      if (values) addDim(id, { ...base, ...valueList(values) });
      else addDim(id, { ...base, ranking_only: true }, rankingComment(id));
    }
  }
  await customerKeys(s, facts, dimensions, addDim);
  return dimensions;
}

/**
 * The customer a fact refers to by key alone (orders.user_id, the users table having no name): with more than a
 * thousand customers, a ranking-only dimension on the key, so "top 10 customers" and "best customer" can be asked.
 */
async function customerKeys(
  s: DraftSchema,
  facts: Facts,
  dimensions: Drafted,
  addDim: (id: string, def: Record<string, unknown>, comment?: string) => void,
): Promise<void> {
  for (const t of facts.headers)
    for (const fk of s.outgoing(t)) {
      const key = fk.fromColumns[0] ?? '';
      // The entity's name, when it has one, is already its dimension (an id like singular(table)).
      if (!CUSTOMER_KEY.test(key) || singular(fk.to) in dimensions || 'customer' in dimensions) continue;
      if ((await s.distinctCount(t, quoted(key), RANKING_ONLY_ABOVE)) <= RANKING_ONLY_ABOVE) continue;
      // A customer key (customer_id, user_id, buyer_id): the customer, as people ask for it ("top 10 customers").
      const entity = singular(fk.to);
      const l = dimLabel('customer');
      addDim(
        'customer',
        {
          ...l,
          aliases: [...new Set([...l.aliases, words(entity), plural(words(entity))])],
          column: `${t}.${key}`,
          description: `the ${words(entity)} (by ${key})`,
          ranking_only: true,
        },
        `${fk.to} has no name column: the customer is named by ${key}; ${rankingComment('customer')}`,
      );
    }
}

/**
 * The name of the thing a table holds: name or title (ENTITY_NAME), or the table's own noun with name after it
 * (branch.branch_nm, vehicle_class.class_name); a company's name is a customer's attribute, not its name.
 */
function isEntityName(table: string, column: string): boolean {
  const c = meant(column);
  if (c === 'company' || c === 'company_name') return false;
  const noun = singular(meant(table));
  return ENTITY_NAME.test(c) || c === `${noun}_name` || c === `${noun.split('_').pop() ?? noun}_name`;
}

/** A dimension's words: a code or a name says what it codes or names ("channel" for channel_cd, "region" for region_nm). */
function dimensionWords(id: string): string {
  return words(meant(id).replace(/_(code|name)$/, ''));
}

/** Why a dimension is for rankings only. */
function rankingComment(id: string): string {
  return `more than ${RANKING_ONLY_ABOVE.toLocaleString('en-US')} values: for rankings only (top 10 ${words(id)}s); a plain breakdown by it is refused`;
}
