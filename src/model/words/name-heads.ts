/**
 * A Chinese dimension's name said by its head after 的: "退款最多的原因是什么" names the refund reason (退款原因) by 原因,
 * its head noun, where the rest of the name (退款) is said in the question too. The head is the name's last two
 * characters; the name has four or more. Found only when exactly one dimension's name has that head and its rest in the
 * question, and the head is not inside the whole name where it is written. And the head of two metrics' words run
 * together ("看了多少只猫"): the last. The same for English names after "by" ("refunds by reason": englishHeadHits).
 */
import type { Catalog } from '../../catalog/catalog';
import type { Hit } from '../rules/terms';
import { englishWords } from './lemma';

export function nameHeadHits(question: string, catalog: Catalog): Hit[] {
  const byHead = new Map<string, Set<string>>();
  for (const [id, d] of Object.entries(catalog.dimensions))
    for (const name of [d.label_zh ?? '', ...d.aliases]) {
      if (!/^[\u4e00-\u9fff]{4,}$/.test(name) || !question.includes(name.slice(0, -2))) continue;
      const head = name.slice(-2);
      byHead.set(head, (byHead.get(head) ?? new Set()).add(id));
    }
  const hits: Hit[] = [];
  for (const [head, ids] of byHead) {
    if (ids.size !== 1) continue;
    const id = [...ids][0] as string;
    const d = catalog.dimensions[id];
    if (!d) continue;
    for (const m of question.matchAll(new RegExp(`的\\s*(${head})`, 'g'))) {
      const start = m.index + m[0].length - head.length;
      hits.push({ kind: 'dimension', id, text: head, start, end: start + head.length });
    }
  }
  return [...hits, ...englishHeadHits(question, catalog)];
}

/**
 * "refunds by reason": an English dimension name of two words ("refund reason") said by its head after "by", where its
 * first word is said in the question too (by lemma: "refunds"). Only where one dimension's name fits; "visit reason"
 * and "refund reason" share the head, the question's words choose.
 */
function englishHeadHits(question: string, catalog: Catalog): Hit[] {
  const said = new Set(englishWords(question).map((w) => w.lemma));
  const hits: Hit[] = [];
  for (const m of question.matchAll(/\bby\s+([a-z]{3,})\b/gi)) {
    const head = (m[1] as string).toLowerCase();
    const owners = Object.entries(catalog.dimensions).filter(([, d]) =>
      [d.label, ...d.aliases].some((name) => {
        const words = englishWords(name);
        return words.length === 2 && words[1]?.text === head && said.has(words[0]?.lemma ?? '');
      }),
    );
    const [owner] = owners;
    if (owners.length !== 1 || !owner) continue;
    const start = m.index + m[0].length - head.length;
    hits.push({ kind: 'dimension', id: owner[0], text: question.slice(start, start + head.length), start, end: start + head.length });
  }
  return hits;
}

/** "看了多少只猫": two metrics' Chinese words run together are one phrase, and its head (the last) is what is asked. */
export function withoutMetricBeforeHead(question: string, hits: Hit[]): Hit[] {
  return hits.filter((h, i) => {
    const next = hits[i + 1];
    const phrase = h.kind === 'metric' && next?.kind === 'metric' && /[\u4e00-\u9fff]$/.test(h.text);
    return !(phrase && /^[了过的]?$/.test(question.slice(h.end, next.start)));
  });
}
