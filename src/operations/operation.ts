/**
 * What one kind of plan operation brings with it, in one module per kind
 * (src/operations/<kind>.ts), gathered in the registry (src/operations/index.ts).
 * The generic code (validator, acceptance, rules coder, findings, calculations,
 * charts, recompute, plan checks, SQL and statistics agents) keeps what every
 * kind shares and asks the registry for the rest.
 *
 * A module also declares its zod plan schema (listed in PLAN_SCHEMAS of the
 * registry, from which src/contracts/plan.ts assembles StepOperation) and its
 * lines in the planner's and the coder's prompts. Its independent check is not
 * here: the verifier recomputes every kind by code of its own (src/verify/).
 *
 * Everything reachable from here is pure and sandbox-safe: the workflow imports
 * the registry (through the plan checks and the acceptance criteria).
 */
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import type {
  AnswerMetric,
  Calculation,
  Chart,
  ColumnInfo,
  DependencyResult,
  Display,
  Finding,
  Language,
  MemoryDraft,
  MetricQuery,
  PlanStep,
  Row,
  StepOperation,
  StepOutput,
} from '../contracts';
import type { Derived } from '../analysis/derive';
import type { Words } from '../analysis/wording';
import type { Message } from '../messages/message';

export type OperationKind = StepOperation['kind'];
/** The plan of one kind (its schema is declared in its module). */
export type OperationOf<K extends OperationKind> = Extract<StepOperation, { kind: K }>;

/** Who answers a step: the SQL agent, the trend agent, or the coder and tester (generated code, checked). */
export type OperationAgent = 'sql' | 'trend' | 'code';

/** A step's result as the computations read it: its columns, all its rows, its summary. */
export interface StepData {
  columns: ColumnInfo[];
  rows: Row[];
  summary: StepOutput['data_summary'];
}

/** What a step found, written by the agent that ran it. */
export interface StepFacts {
  findings: Finding[];
  assumptions: string[];
  memory: MemoryDraft[];
}

/** The wording helpers of the question's language (src/analysis/wording.ts) and the catalog the labels come from. */
export interface Written extends Words {
  catalog: Catalog;
}

/** What the findings of one step are written from (src/analysis/findings.ts builds it). */
export interface FindingsContext {
  w: Written;
  catalog: Catalog;
  language: Language;
  step: PlanStep;
  /** The step's metric (its query's, else its first), its definition and its label in the question's language. */
  metricName: string | undefined;
  metric: MetricDefinition | undefined;
  label: string;
  columns: ColumnInfo[];
  /** All of the step's rows. */
  rows: Row[];
  summary: StepOutput['data_summary'];
  /** The step's dependencies as handed over. */
  deps: Record<string, DependencyResult>;
  /** One finding citing the step and its dependencies. */
  finding: (summary: string, detail?: string) => Finding[];
}

/** What the calculations of one step are made from (src/analysis/calculations.ts builds it). */
export interface CalculationContext {
  step: PlanStep;
  catalog: Catalog;
  language: Language;
  metric: string | undefined;
  label: string;
  sources: Calculation['sources'];
  /** How the metric's values are shown. */
  display: Display;
  /** The step's single-value filters, for descriptions. */
  scope: string;
  /** Non-empty parts joined with " · ". */
  named: (...parts: string[]) => string;
}

/** A computed step's script output once its shape is checked. */
export interface ScriptResult {
  columns: { name: string; type: string; meaning: string }[];
  rows: Row[];
  summary: StepOutput['data_summary'];
}

export interface InputResult {
  rows: Row[];
  summary: StepOutput['data_summary'];
}

/** A criterion the output fails, with what was wrong. */
export interface AcceptanceFailure {
  criterion: string;
  detail: string;
}

export interface AcceptanceContext {
  rows: Row[];
  summary: StepOutput['data_summary'];
  inputs: Record<string, InputResult>;
  partialPeriods: string[];
  /** The failure of criterion `i` (0 is the common shape, 1 the kind's first criterion, …). */
  fail: (i: number, detail: string) => AcceptanceFailure[];
}

/** The two samples a significance test compares. */
export interface Samples {
  metric: string;
  /** Ids of the step calculations the samples stand for. */
  ids: { before: string | null; after: string | null };
  before: { label: string; query: MetricQuery };
  after: { label: string; query: MetricQuery };
  step: PlanStep;
}

export interface SamplesContext {
  step: PlanStep;
  intent: string;
  partial: string[];
  catalog: Catalog;
  zh: boolean;
}

/** What a chart is drawn from. */
export interface ChartContext {
  id: string;
  title: string;
  /** The step's rows, never empty. */
  rows: Row[];
  label: (dimension: string, value: string) => string;
  /** The report's language: axis titles and labels are written in it. */
  language: Language;
}

/**
 * One kind of operation. Members are methods (not function-valued properties) so
 * the registry's entries, each typed for its own kind, serve the generic code;
 * call them on the operation (operation.code(...)), never detached.
 */
export interface Operation<K extends OperationKind> {
  kind: K;
  /** Which agent runs a step of this kind. */
  agent: OperationAgent;
  /**
   * Its sentences (findings, assumptions, calculations' descriptions, chart axes), keyed `operation.<kind>.…`, in
   * both languages (`defineMessages`, rendered with `textOf`); the registry gathers them (OPERATION_MESSAGES) and
   * the catalog test renders every one.
   */
  messages: Readonly<Record<string, Message>>;
  /** Its lines in the model prompts (src/activities/planner.ts, src/activities/coder.ts). */
  prompt: {
    /** What it does, for the planner's list of operations ("<kind>: <planner>"). */
    planner: string;
    /** The analysis kit's function for it (src/analysis/derive.ts), for the coder; none when the kit has none. */
    kit?: string;
  };
  /** Steps whose results it reads (each must be in depends_on); none for SQL operations. */
  sources?(op: OperationOf<K>): string[];
  /** Catalog dimensions it names beyond the step's own and its query's group_by and filters. */
  dimensions?(op: OperationOf<K>): string[];

  /** SQL operations: the derivation from the step's own rows (src/analysis/derive.ts); none for a plain metric. */
  deriveFromRows?(op: OperationOf<K>, rows: Row[]): Derived;
  /**
   * SQL operations that split the metric over a dimension: that dimension, so the same statement also returns the
   * metric without it (the totals a decomposition's before and after are; see compileMetricQuery).
   */
  totalsWithout?(op: OperationOf<K>): string;
  /** Computed operations: the result from the inputs, with the vetted library (src/analysis/derive.ts). */
  deriveFromInputs?(op: OperationOf<K>, input: (id: string) => StepData, excludedPeriods: string[]): Derived;

  /** The validator's structure and logic layers. */
  validation: {
    /** Columns every result of this kind has. */
    columns(op: OperationOf<K>): string[];
    /** What is wrong with a well-formed result, or null when it answers the step. */
    logic?(op: OperationOf<K>, result: StepOutput): string | null;
  };

  /** Computed operations: criteria beyond the common shape, and their checks (the tester's). */
  acceptance?: {
    criteria(op: OperationOf<K>): string[];
    /** The criteria the well-shaped output fails; empty when accepted. */
    check(op: OperationOf<K>, ctx: AcceptanceContext): AcceptanceFailure[];
  };

  /** Computed operations: the body of the offline rules coder's script (calls into the analysis kit). */
  code?(op: OperationOf<K>, plantBug: boolean): string[];

  /** The step's findings, assumptions and proposed memory entries. */
  findings(op: OperationOf<K>, ctx: FindingsContext): StepFacts;
  /** Every number the step reports, with its meaning, formula and where it sits in the result. */
  calculations(op: OperationOf<K>, ctx: CalculationContext, rows: Row[], summary: StepOutput['data_summary']): Calculation[];
  /** The report's chart of the step's result, or null when its rows do not make one. */
  chart?(ctx: ChartContext): Chart | null;

  /** Paths the result rules out as explanations (effects or contributions too small to matter). */
  ruledOut?(
    op: OperationOf<K>,
    args: { derived: Derived; inputs: DependencyResult[]; inputRows: Map<string, Row[]>; language: Language },
  ): string[];
  /** SQL agent: the key metrics the step reports. */
  keyMetrics?(op: OperationOf<K>, rows: Row[], catalog: Catalog, step: PlanStep): AnswerMetric[];
  /**
   * Statistics agent: the two samples this step offers the significance test; undefined when it offers
   * none (the agent looks at the next step), null when it settles that there is nothing to test.
   */
  samples?(op: OperationOf<K>, ctx: SamplesContext): Samples | null | undefined;
}
