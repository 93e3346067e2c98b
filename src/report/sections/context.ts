/**
 * What every report section is written from: the report agent's input, the catalog, the citations, and the
 * helpers the sections share (a calculation as a cited line, a data-quality count, bullets). Each section kind is
 * one file beside this one; src/report/sections/index.ts lists them in the report's order.
 */
import type { z } from 'zod';
import type { Catalog } from '../../catalog/catalog';
import type { Calculation, Language, ReportInput, ReportSection } from '../../contracts';
import type { Text } from '../../messages';
import type { Words } from '../../messages/words';
import type { Citations } from '../citations';
import { quantityName } from '../names';
import { overWhole } from '../shares';

export type Input = z.output<typeof ReportInput>;
export type DataQuality = NonNullable<Input['data_quality']>;
export type DataQualityTable = DataQuality['tables'][number];

export interface SectionContext {
  input: Input;
  catalog: Catalog;
  c: Citations;
  /** The verified calculations: the only numbers a section may state. */
  citable: Calculation[];
  /** Calculations whose recomputation did not match (named in the limitations). */
  mismatched: Calculation[];
  /** The steps a chart is drawn for. */
  charted: Set<string>;
  /** A model's executive summary, numbers as {{calculation id}} placeholders; null to write it by rule. */
  written: string | null;
  /** Why the model's summary was not used, for the limitations. */
  writerNote: string | null;
  language: Language;
  w: Words;
  text: Text;
}

/** A section writer: the section, or null when there is nothing to say. */
export type SectionWriter = () => ReportSection | null;

export const bullets = (lines: (string | null | undefined)[]) =>
  lines
    .filter((l): l is string => Boolean(l))
    .map((l) => `- ${l}`)
    .join('\n');

/** A line's first letter as a sentence's: "Repurchase rate · …" in English; Chinese is as it is. */
export const capitalised = (ctx: SectionContext, line: string) =>
  ctx.language === 'en' ? line.replace(/^[a-z]/, (c) => c.toUpperCase()) : line;

/**
 * "name: value[n]" for a verified calculation, under the report's one name for it (a share above the whole change
 * with what offset it); null when it is not verified.
 */
export function citedLine(ctx: SectionContext, calc: Calculation): string | null {
  const value = ctx.c.cite(calc.id);
  if (!value) return null;
  return capitalised(ctx, `${ctx.text('common.labelled', { label: quantityName(ctx, calc), value })}${overWhole(ctx, calc)}`);
}

/**
 * A data-quality count, cited: in the analysed period (`dq.<id>`, present when the table's rows could be placed in
 * it) and in the whole table (`dq.<id>.all`). Runs recorded before the counts were scoped hold the whole table's
 * count alone, under `dq.<id>`.
 */
export function dqCounts(c: Citations, tb: DataQualityTable, id: string): { period: string | null; all: string | null } {
  if (tb.whole_table_rows_estimate !== undefined) return { period: c.cite(`dq.${id}`), all: null };
  if (tb.rows_all === undefined) return { period: null, all: c.cite(`dq.${id}`) };
  return { period: tb.period ? c.cite(`dq.${id}`) : null, all: c.cite(`dq.${id}.all`) };
}

/** The tables in which the data-quality check found problem rows. */
export function dirtyTables(dq: DataQuality | null): DataQualityTable[] {
  return dq ? dq.tables.filter((tb) => dq.checks.some((k) => k.table === tb.table && (k.count_all ?? k.count) > 0)) : [];
}

/** The id of the chart drawn from a step's result (src/report/charts.ts names them so). */
export const chartId = (stepId: string) => `chart-${stepId}`;
