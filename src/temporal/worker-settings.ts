/**
 * `baton worker`'s settings (concurrency, workflow cache, task queue, worker version), from its flags and the
 * environment, and the SDK worker options they become. Kept apart from src/worker.ts so the command line can read
 * them without loading every agent.
 */
import type { WorkerOptions as SdkWorkerOptions } from '@temporalio/worker';

/**
 * What `baton worker` tunes. Each field left undefined keeps the SDK's default (1.24: 100 activities, 100 local
 * activities, 40 workflow tasks, a workflow cache sized from the heap); see docs/performance.md ("Workers that scale
 * out") for why those defaults stay.
 */
export interface WorkerSettings {
  /** maxConcurrentActivityTaskExecutions: agents running as activities at once. */
  maxActivities?: number;
  /** maxConcurrentLocalActivityExecutions: agents running as local activities at once. */
  maxLocalActivities?: number;
  /** maxConcurrentWorkflowTaskExecutions: workflow tasks (runs deciding their next step) at once; at least 2 with a cache. */
  maxWorkflowTasks?: number;
  /** maxCachedWorkflows: runs kept in memory between their workflow tasks (0: none, every task replays the history). */
  maxCachedWorkflows?: number;
  /** Another task queue than BATON_TASK_QUEUE. */
  taskQueue?: string;
  /**
   * Worker versioning: the worker deployment and this worker's build id. With a build id the worker polls as that
   * version of the deployment, and every run it starts is pinned to it (versioning behavior PINNED): it finishes on
   * workers of the same build id even after another version becomes current. Without one the worker is unversioned.
   */
  deploymentName?: string;
  buildId?: string;
}

/** The deployment name used when a build id is given without one. */
export const DEFAULT_DEPLOYMENT_NAME = 'baton';

export class WorkerSettingsError extends Error {}

/** A whole number ≥ min from a flag or variable, or undefined when unset; anything else is a WorkerSettingsError naming where it came from. */
export function parseCount(value: string | undefined, from: string, min = 1): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new WorkerSettingsError(`${from} must be a whole number ≥ ${min}, not "${value}"`);
  return n;
}

/** The worker's settings from the environment: BATON_WORKER_MAX_ACTIVITIES and friends, BATON_DEPLOYMENT_NAME, BATON_BUILD_ID. */
export function workerSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  return {
    maxActivities: parseCount(env.BATON_WORKER_MAX_ACTIVITIES, 'BATON_WORKER_MAX_ACTIVITIES'),
    maxLocalActivities: parseCount(env.BATON_WORKER_MAX_LOCAL_ACTIVITIES, 'BATON_WORKER_MAX_LOCAL_ACTIVITIES'),
    maxWorkflowTasks: parseCount(env.BATON_WORKER_MAX_WORKFLOW_TASKS, 'BATON_WORKER_MAX_WORKFLOW_TASKS', 2),
    maxCachedWorkflows: parseCount(env.BATON_WORKER_MAX_CACHED_WORKFLOWS, 'BATON_WORKER_MAX_CACHED_WORKFLOWS', 0),
    deploymentName: env.BATON_DEPLOYMENT_NAME || undefined,
    buildId: env.BATON_BUILD_ID || undefined,
  };
}

/** Settings given on the command line over those of the environment, field by field. */
export function mergeSettings(fromEnv: WorkerSettings, fromFlags: WorkerSettings): WorkerSettings {
  const merged: WorkerSettings = { ...fromEnv };
  for (const [key, value] of Object.entries(fromFlags) as [keyof WorkerSettings, WorkerSettings[keyof WorkerSettings]][]) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  if (merged.deploymentName !== undefined && merged.buildId === undefined) {
    throw new WorkerSettingsError(`a deployment name (${merged.deploymentName}) needs a build id too: --build-id or BATON_BUILD_ID`);
  }
  if (merged.maxWorkflowTasks !== undefined && merged.maxWorkflowTasks < 2 && merged.maxCachedWorkflows !== 0) {
    throw new WorkerSettingsError('max workflow tasks must be at least 2 while the workflow cache is on');
  }
  return merged;
}

/** The SDK's worker options for these settings: only what is set, so the rest keeps the SDK's defaults. */
export function sdkWorkerOptions(settings: WorkerSettings): Partial<SdkWorkerOptions> {
  const options: Partial<SdkWorkerOptions> = {};
  if (settings.maxActivities !== undefined) options.maxConcurrentActivityTaskExecutions = settings.maxActivities;
  if (settings.maxLocalActivities !== undefined) options.maxConcurrentLocalActivityExecutions = settings.maxLocalActivities;
  if (settings.maxWorkflowTasks !== undefined) options.maxConcurrentWorkflowTaskExecutions = settings.maxWorkflowTasks;
  if (settings.maxCachedWorkflows !== undefined) options.maxCachedWorkflows = settings.maxCachedWorkflows;
  if (settings.buildId !== undefined) {
    options.workerDeploymentOptions = {
      version: { deploymentName: settings.deploymentName ?? DEFAULT_DEPLOYMENT_NAME, buildId: settings.buildId },
      useWorkerVersioning: true,
      defaultVersioningBehavior: 'PINNED',
    };
  }
  return options;
}
