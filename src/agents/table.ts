/**
 * The one table of agents: for each activity the worker registers, its name (the key: the activity function's name
 * and its Temporal activity type), where it runs and with which timeouts, the checklist stage it reports to, its name
 * in words in both languages, and its token budget.
 *
 * Pure data, no imports but types: workflow code reads it (src/workflows/run.ts picks the timeouts and local or not
 * from it), and so do the contracts (the stage ids), the worker's accounting (the budgets) and the agents' contract
 * checks (the name in words). The activity functions are loaded from each entry's `module` by src/activities/index.ts,
 * and typed by the agents' files listed in AgentModules below: an entry whose file does not export a function of its
 * name fails to compile.
 */
import type * as catalog from '../activities/catalog';
import type * as intent from '../activities/intent';
import type * as extent from '../activities/extent';
import type * as planner from '../activities/planner';
import type * as dataQuality from '../activities/data-quality';
import type * as sql from '../activities/sql';
import type * as trend from '../activities/trend';
import type * as coder from '../activities/coder';
import type * as tester from '../activities/tester';
import type * as checkStep from '../activities/check-step';
import type * as statistics from '../activities/statistics';
import type * as analysis from '../activities/analysis';
import type * as recomputeNumbers from '../activities/recompute-numbers';
import type * as report from '../activities/report';
import type * as auditor from '../activities/auditor';
import type * as record from '../activities/record';
import type * as inputs from '../activities/inputs';
import type * as followUp from '../activities/follow-up';
import type * as scheduleRun from '../activities/schedule-run';
import type * as deliverAlert from '../activities/deliver-alert';

/** The agents' files, as types: each exports its agent's activity function (the workflow imports no activity code). */
type AgentModules = typeof catalog &
  typeof intent &
  typeof extent &
  typeof planner &
  typeof dataQuality &
  typeof sql &
  typeof trend &
  typeof coder &
  typeof tester &
  typeof checkStep &
  typeof statistics &
  typeof analysis &
  typeof recomputeNumbers &
  typeof report &
  typeof auditor &
  typeof record &
  typeof inputs &
  typeof followUp &
  typeof scheduleRun &
  typeof deliverAlert;

/**
 * Where an agent runs and how long it may take:
 *   agent       - a regular activity with the default timeouts (30 s an attempt)
 *   model       - may call a language model: several calls per attempt (5 min), longer backoff for rate limits
 *   scan        - reads whole tables (2 min an attempt)
 *   local       - no I/O of its own, milliseconds: a local activity in the worker that runs the workflow task
 *   local-model - local, with a model's timeouts (the intent: keyword rules, the model only when no rule matches)
 */
export type TimeoutProfile = 'agent' | 'model' | 'scan' | 'local' | 'local-model';

/** A name in both languages. */
export interface Label {
  en: string;
  zh: string;
}

export interface AgentSpec {
  /** Its file in src/activities/ (without the extension), which exports the activity function under the agent's name. */
  module: string;
  /** The agent in words: its contract errors say "<label.en> agent input breaks its contract". */
  label: Label;
  profile: TimeoutProfile;
  /**
   * The checklist stage the agent reports to, if it has one (the steps' agents report to their step), and
   * whether the checklist shows it before the plan's steps or after them. The stage's label is the agent's.
   */
  stage?: { id: string; shown: 'before_steps' | 'after_steps' };
  /** Default token budget: what the agent receives and what it hands on (config/budgets.yaml may override). */
  budget: { input: number; output: number };
  /**
   * The activity type runs recorded before the agent was renamed scheduled it under. The worker registers the
   * agent under this name too, and those runs keep scheduling it (patched('agent-names') in src/workflows/run.ts).
   */
  formerly?: string;
  /** Not an agent: bookkeeping the workflow does through an activity (no cap, no stage). */
  bookkeeping?: true;
}

/** Every activity, in the order a run calls them. */
export const AGENTS = {
  describeCatalog: { module: 'catalog', label: { en: 'catalog', zh: '目录' }, profile: 'local', budget: { input: 200, output: 1000 } },
  classifyIntent: { module: 'intent', label: { en: 'intent', zh: '意图' }, profile: 'local-model', budget: { input: 500, output: 200 } },
  readDataExtent: {
    module: 'extent',
    label: { en: 'data extent', zh: '数据范围' },
    profile: 'agent',
    budget: { input: 300, output: 6000 },
  },
  planAnalysis: { module: 'planner', label: { en: 'planner', zh: '规划' }, profile: 'model', budget: { input: 1500, output: 6000 } },
  checkDataQuality: {
    module: 'data-quality',
    label: { en: 'data quality', zh: '数据质量' },
    profile: 'scan',
    stage: { id: 'data_quality', shown: 'before_steps' },
    budget: { input: 300, output: 2500 },
  },
  runSqlStep: { module: 'sql', label: { en: 'sql', zh: 'SQL' }, profile: 'agent', budget: { input: 3000, output: 3000 } },
  analyzeTrend: { module: 'trend', label: { en: 'trend', zh: '趋势' }, profile: 'agent', budget: { input: 4000, output: 3000 } },
  writeCode: { module: 'coder', label: { en: 'coder', zh: '编码' }, profile: 'model', budget: { input: 4000, output: 300 } },
  testCode: { module: 'tester', label: { en: 'tester', zh: '测试' }, profile: 'agent', budget: { input: 4500, output: 3000 } },
  checkStep: {
    module: 'check-step',
    label: { en: 'step check', zh: '步骤检查' },
    profile: 'local',
    budget: { input: 4000, output: 800 },
    formerly: 'validateStep',
  },
  testSignificance: {
    module: 'statistics',
    label: { en: 'statistics', zh: '统计检验' },
    profile: 'scan',
    stage: { id: 'statistics', shown: 'after_steps' },
    budget: { input: 3000, output: 1500 },
  },
  analyzeResults: {
    module: 'analysis',
    label: { en: 'analysis', zh: '分析' },
    profile: 'local',
    stage: { id: 'analysis', shown: 'after_steps' },
    budget: { input: 4000, output: 1500 },
  },
  recomputeNumbers: {
    module: 'recompute-numbers',
    label: { en: 'verify numbers', zh: '核验数字' },
    profile: 'scan',
    stage: { id: 'verification', shown: 'after_steps' },
    budget: { input: 3000, output: 2500 },
    formerly: 'verifyCalculations',
  },
  writeReport: {
    module: 'report',
    label: { en: 'report', zh: '报告' },
    profile: 'model',
    stage: { id: 'report', shown: 'after_steps' },
    budget: { input: 6000, output: 1000 },
  },
  auditReport: {
    module: 'auditor',
    label: { en: 'audit', zh: '审核' },
    profile: 'agent',
    stage: { id: 'audit', shown: 'after_steps' },
    budget: { input: 300, output: 800 },
  },
  /** Reads a conversation's message against the thread so far (the session workflow, before each turn's run). */
  resolveFollowUp: {
    module: 'follow-up',
    label: { en: 'follow-up', zh: '追问' },
    profile: 'local',
    budget: { input: 2000, output: 1000 },
  },
  /** A scheduled run's verdict against the schedule's previous run (src/workflows/scheduled.ts). */
  recordScheduledRun: {
    module: 'schedule-run',
    label: { en: 'schedule run', zh: '定时运行' },
    profile: 'agent',
    budget: { input: 3000, output: 3000 },
  },
  /** Sends a schedule's alert to one webhook or file, idempotent by key (src/workflows/scheduled.ts retries it). */
  deliverAlert: {
    module: 'deliver-alert',
    label: { en: 'alert delivery', zh: '告警投递' },
    profile: 'agent',
    budget: { input: 3000, output: 100 },
  },
  /** Writes the run's record (plan, steps, stages) to the artifact store at the end of the run. */
  storeRunRecord: {
    module: 'record',
    label: { en: 'run record', zh: '运行记录' },
    profile: 'local',
    budget: { input: 20000, output: 50 },
    bookkeeping: true,
  },
  /** Stores an agent input over 1 KB before the agent is scheduled with its reference. */
  storeInput: {
    module: 'inputs',
    label: { en: 'input store', zh: '输入存储' },
    profile: 'local',
    budget: { input: 20000, output: 50 },
    bookkeeping: true,
  },
} as const satisfies Record<string, AgentSpec>;

export type AgentName = keyof typeof AGENTS;

/** Every agent's activity function, by its name: what the worker registers and the workflow calls. */
export type AgentFunctions = { [K in AgentName]: AgentModules[K] };

/** A stage of the run outside the plan's steps: data_quality, statistics, analysis, verification, report, audit. */
export type StageId = { [K in AgentName]: (typeof AGENTS)[K] extends { stage: { id: infer I } } ? I : never }[AgentName];

const ALL: [AgentName, AgentSpec][] = Object.entries(AGENTS) as [AgentName, AgentSpec][];

/** An agent's entry. */
export function agentSpec(agent: AgentName): AgentSpec {
  return AGENTS[agent];
}

/** Whether a name is an agent's (activity types come back as strings). */
export function isAgentName(name: string): name is AgentName {
  return Object.prototype.hasOwnProperty.call(AGENTS, name);
}

/** The agent a recorded activity type is: its name now, or the name it had before a rename. */
export function agentOfType(activityType: string): AgentName | null {
  if (isAgentName(activityType)) return activityType;
  return ALL.find(([, spec]) => spec.formerly === activityType)?.[0] ?? null;
}

/** Old activity type → the agent it is now (for the worker's registration and replay). */
export const FORMER_NAMES: { formerly: string; agent: AgentName }[] = ALL.flatMap(([agent, spec]) =>
  spec.formerly ? [{ formerly: spec.formerly, agent }] : [],
);

/** The stages with the agent that reports to each, in the checklist's order (the table's). */
export const STAGES: { id: StageId; label: Label; shown: 'before_steps' | 'after_steps'; agent: AgentName }[] = ALL.flatMap(
  ([agent, spec]) => (spec.stage ? [{ id: spec.stage.id as StageId, label: spec.label, shown: spec.stage.shown, agent }] : []),
);

/** The stage ids in the checklist's order, as a tuple for z.enum (src/contracts/run.ts). */
export const STAGE_IDS = STAGES.map((s) => s.id) as [StageId, ...StageId[]];

/**
 * The activities the worker registers: each agent under its name, and under the name it had before a rename too,
 * so that runs recorded before it (which schedule the former name) replay and finish on a new worker.
 */
export function withFormerNames<T extends object>(activities: T): T & Record<string, unknown> {
  const byName = activities as Record<string, unknown>;
  const former = Object.fromEntries(FORMER_NAMES.flatMap(({ formerly, agent }) => (byName[agent] ? [[formerly, byName[agent]]] : [])));
  return { ...activities, ...former };
}
