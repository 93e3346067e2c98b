/**
 * Citations: the markers [n] the report puts after every number it states. Only verified calculations can be
 * cited; a marker is given in order of first use and kept across a revision, so a rewritten section cites the
 * same calculation with the same marker.
 */
import type { Calculation, Chart, ChartCellSource, Citation, Language, Row } from '../contracts';
import { formatCalculation } from '../format/numbers';

export class Citations {
  readonly list: Citation[] = [];
  private readonly markers = new Map<string, number>();
  /** The report's name for a calculation (src/report/names.ts); its description until the sections set one. */
  private namer: (calc: Calculation) => string = (calc) => calc.description;
  private explain: (formula: string) => string = (formula) => formula;
  constructor(
    private readonly citable: Map<string, Calculation>,
    private readonly language: Language,
    previous: Citation[] = [],
  ) {
    for (const c of previous) {
      if (!citable.has(c.calculation_id)) continue;
      this.markers.set(c.calculation_id, c.marker);
      this.list.push(c);
    }
  }

  /** Names the calculations cited from now on as the report names them, so the citations list says what the text says. */
  useNames(namer: (calc: Calculation) => string, explain: (formula: string) => string): void {
    this.namer = namer;
    this.explain = explain;
  }

  has(id: string | null | undefined): id is string {
    return Boolean(id && this.citable.has(id));
  }

  /** "19.30%[2]"; null when the calculation is not verified (the caller leaves the number out). */
  cite(id: string | null | undefined): string | null {
    const calc = id ? this.citable.get(id) : undefined;
    if (!calc) return null;
    let marker = this.markers.get(calc.id);
    if (marker === undefined) {
      marker = this.list.length === 0 ? 1 : Math.max(...this.list.map((c) => c.marker)) + 1;
      this.markers.set(calc.id, marker);
      this.list.push({
        marker,
        calculation_id: calc.id,
        value: calc.value,
        description: this.namer(calc),
        formula: this.explain(calc.formula),
        sources: calc.sources,
      });
    }
    return `${formatCalculation(calc, this.language)}[${marker}]`;
  }
}

/**
 * Where each numeric value of a chart's data comes from: the verified calculation of the chart's step that holds
 * exactly that value (when several do, the one whose row key the chart row names), cited with its marker; null when
 * no verified calculation holds it (the tables mark it unverified).
 */
export function chartSources(
  chart: Chart,
  calcs: Calculation[],
  c: Citations,
  language: Language,
): Record<string, ChartCellSource | null>[] {
  const rows = (chart.spec.data as { values?: Row[] } | undefined)?.values ?? [];
  return rows.map((row) => {
    const text = Object.values(row)
      .filter((v) => typeof v === 'string')
      .join(' ');
    const sources: Record<string, ChartCellSource | null> = {};
    for (const [field, value] of Object.entries(row)) {
      if (typeof value !== 'number') continue;
      const holding = calcs.filter((x) => x.value === value);
      const named = holding.find((x) => Object.values(x.pick.match ?? {}).every((v) => text.includes(String(v)))) ?? holding[0];
      const cited = named ? c.cite(named.id) : null;
      const marker = cited ? Number(/\[(\d+)\]$/.exec(cited)?.[1]) : NaN;
      sources[field] =
        named && Number.isInteger(marker) ? { calculation_id: named.id, marker, text: formatCalculation(named, language) } : null;
    }
    return sources;
  });
}
