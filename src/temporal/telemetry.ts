/**
 * Metrics and traces, each off unless its variable is set (then nothing here is even loaded).
 *
 * Metrics: BATON_METRICS_ADDRESS (host:port) makes the SDK's Core runtime serve Prometheus metrics at
 * http://host:port/metrics: workflow and activity task counts and latencies, schedule-to-start latencies, polls,
 * slots, sticky cache, requests to the server (prefix `temporal_`). The runtime is installed once per process, before
 * its first NativeConnection (installMetrics, called first thing by runWorker in src/worker.ts).
 *
 * Traces: OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) turns on OpenTelemetry tracing through
 * @temporalio/interceptors-opentelemetry, exported over OTLP/HTTP (JSON) by the OpenTelemetry SDK's exporter, which
 * reads the standard OTEL_EXPORTER_OTLP_* variables itself (endpoint, headers, timeout). One trace per run: the client
 * that starts it opens `StartWorkflow:analysisWorkflow` and hands its context on in the start's headers; the
 * workflow's `RunWorkflow:analysisWorkflow` (the root when the client does not trace) parents a
 * `StartActivity:<agent>` per agent call, and the worker that runs the agent a `RunActivity:<agent>` under it, with
 * Baton's attributes (BATON_SPAN_ATTRIBUTES): the workflow id, the plan step, the status. The workflow side runs in
 * the sandbox from its own bundle (dist/workflow-bundle-traced.js, built by scripts/bundle-workflows.ts with the
 * package's workflow interceptors), and its spans leave the sandbox through the `exporter` sink; a worker without
 * tracing runs the plain bundle, untouched. Both bundles replay each other's histories (test/integration/replay.test.ts,
 * test/integration/telemetry.test.ts).
 */
import type { ClientInterceptors, WorkflowClientInterceptor, WorkflowQueryInput } from '@temporalio/client';
import type {
  ActivityExecuteInput,
  ActivityInboundCallsInterceptor,
  ActivityInterceptorsFactory,
  InjectedSinks,
  Next,
} from '@temporalio/worker';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type * as TemporalWorker from '@temporalio/worker';
import type * as SdkTraceNode from '@opentelemetry/sdk-trace-node';
import type * as SdkTraceBase from '@opentelemetry/sdk-trace-base';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as OtelWorker from '@temporalio/interceptors-opentelemetry/lib/worker';
import type * as OtelClient from '@temporalio/interceptors-opentelemetry/lib/client';
import type * as OtelApi from '@opentelemetry/api';
import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry/lib/workflow/definitions';
import path from 'node:path';
import { PROJECT_ROOT } from '../settings/config';
import { classifyError } from './failures';

/** The workflow bundle with the OpenTelemetry workflow interceptors, run by workers that trace. */
export const TRACED_WORKFLOW_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'workflow-bundle-traced.js');

/** The attributes Baton puts on every agent's `RunActivity:<agent>` span (beside the SDK's temporalWorkflowId, temporalActivityId, run_id). */
export const BATON_SPAN_ATTRIBUTES = {
  workflowId: 'baton.workflow_id',
  agent: 'baton.agent',
  /** The plan step the agent works on (s1, s2, …); absent for the run's other agents (catalog, intent, planner, report, …). */
  stepId: 'baton.step_id',
  /** completed | failed | cancelled: how this try ended. */
  status: 'baton.status',
  /** For a failed try: infrastructure | agent_retryable | agent_final (src/temporal/failures.ts). */
  failureClass: 'baton.failure_class',
  attempt: 'baton.attempt',
  local: 'baton.local_activity',
} as const;

/**
 * Loads a module when its feature is turned on, so a process with metrics and tracing off never loads them
 * (the OpenTelemetry SDK and exporter take about 0.3 s to load on 2 busy cores).
 */
function load<T>(id: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(id) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Metrics

/** BATON_METRICS_ADDRESS as host:port, or null when unset; anything else is refused with what is expected. */
export function metricsAddress(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.BATON_METRICS_ADDRESS?.trim();
  if (!raw) return null;
  const port = /^(?:[^\s:]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(raw)?.[1];
  if (port === undefined || Number(port) > 65535) {
    throw new Error(`BATON_METRICS_ADDRESS must be host:port, such as 0.0.0.0:9464 or 127.0.0.1:9464 (got "${raw}")`);
  }
  return raw;
}

let metricsInstalled: string | null = null;

/**
 * Installs the SDK's runtime with a Prometheus endpoint on BATON_METRICS_ADDRESS; a no-op when that is unset or it is
 * installed already. Must run before the process's first NativeConnection (the runtime is created with the first one).
 * Returns the address served, or null.
 */
export function installMetrics(env: NodeJS.ProcessEnv = process.env): string | null {
  const address = metricsAddress(env);
  if (address === null || metricsInstalled !== null) return metricsInstalled ?? address;
  const { Runtime } = load<typeof TemporalWorker>('@temporalio/worker');
  try {
    Runtime.install({ telemetryOptions: { metrics: { prometheus: { bindAddress: address } } } });
  } catch (err) {
    throw new Error(`cannot serve worker metrics on ${address} (BATON_METRICS_ADDRESS): ${(err as Error).message}`, { cause: err });
  }
  metricsInstalled = address;
  return address;
}

// ---------------------------------------------------------------------------------------------------------------
// Traces

/** Where traces go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces); null: tracing is off. */
export function tracesEndpoint(env: NodeJS.ProcessEnv = process.env): string | null {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
}

interface Tracing {
  provider: NodeTracerProvider;
  sinks: InjectedSinks<OpenTelemetrySinks>;
}

let tracing: Tracing | null = null;

/**
 * The process's tracer provider, made once: service name OTEL_SERVICE_NAME (else a service.name in
 * OTEL_RESOURCE_ATTRIBUTES, else `defaultService`), spans batched (a worker) or sent as each ends (a short-lived
 * command), exported over OTLP/HTTP.
 */
function startTracing(defaultService: string, batched: boolean, env: NodeJS.ProcessEnv): Tracing {
  tracing ??= (() => {
    const { NodeTracerProvider } = load<typeof SdkTraceNode>('@opentelemetry/sdk-trace-node');
    const { BatchSpanProcessor, SimpleSpanProcessor } = load<typeof SdkTraceBase>('@opentelemetry/sdk-trace-base');
    const { OTLPTraceExporter } = load<typeof OtlpHttp>('@opentelemetry/exporter-trace-otlp-http');
    const { Resource, detectResourcesSync, envDetectorSync } = load<typeof Resources>('@opentelemetry/resources');
    const { makeWorkflowExporter } = load<typeof OtelWorker>('@temporalio/interceptors-opentelemetry/lib/worker');
    const detected = detectResourcesSync({ detectors: [envDetectorSync] });
    const serviceName = env.OTEL_SERVICE_NAME?.trim() || String(detected.attributes['service.name'] ?? '') || defaultService;
    const resource = Resource.default()
      .merge(detected)
      .merge(new Resource({ 'service.name': serviceName }));
    const exporter = new OTLPTraceExporter({ url: tracesEndpoint(env) ?? undefined });
    const processor = batched ? new BatchSpanProcessor(exporter) : new SimpleSpanProcessor(exporter);
    const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
    // Global: the SDK's interceptors take their tracer from the global provider; the context manager carries the active span.
    provider.register();
    return { provider, sinks: { exporter: makeWorkflowExporter(processor, resource) } };
  })();
  return tracing;
}

/** Sends the spans still buffered and stops tracing (the end of a worker process); a no-op when tracing is off. */
export async function shutdownTracing(): Promise<void> {
  const started = tracing;
  tracing = null;
  if (started) await started.provider.shutdown().catch(() => undefined);
}

/**
 * The plan step an agent's input is about: `step.step_id` (SQL, trend, validation), `requirements.step.step_id` (the
 * coder), `draft.step_id` (the tester), or the same inside a stored input (`storeInput`'s `input`); null for the run's
 * other agents.
 */
export function stepIdOf(input: unknown, depth = 0): string | null {
  if (typeof input !== 'object' || input === null) return null;
  const v = input as {
    step?: { step_id?: unknown };
    requirements?: { step?: { step_id?: unknown } };
    draft?: { step_id?: unknown };
    input?: unknown;
  };
  const found = [v.step?.step_id, v.requirements?.step?.step_id, v.draft?.step_id].find((id): id is string => typeof id === 'string');
  return found ?? (depth === 0 ? stepIdOf(v.input, 1) : null);
}

export interface WorkerTracing {
  /** The workflow bundle with the tracing interceptors. */
  workflowBundle: string;
  sinks: InjectedSinks<OpenTelemetrySinks>;
  /** The worker's activity interceptors with tracing around `inner` (the execution ledger). */
  activityInterceptors(inner: ActivityInterceptorsFactory): ActivityInterceptorsFactory[];
}

/**
 * What a worker needs to trace, or null when tracing is off. Activity interceptors, outermost first: the SDK's
 * `RunActivity:<agent>` span (its parent from the workflow's headers); Baton's attributes on it, with how the try
 * ended as the ledger reports it; the ledger (which reads a bulky input back from its reference); and, innermost,
 * the plan step from the agent's input as the agent receives it.
 */
export function workerTracing(env: NodeJS.ProcessEnv = process.env): WorkerTracing | null {
  if (tracesEndpoint(env) === null) return null;
  const { sinks } = startTracing('baton-worker', true, env);
  const { OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor } = load<typeof OtelWorker>(
    '@temporalio/interceptors-opentelemetry/lib/worker',
  );
  const otel = load<typeof OtelApi>('@opentelemetry/api');
  const A = BATON_SPAN_ATTRIBUTES;
  const sdkSpan: ActivityInterceptorsFactory = (ctx) => ({
    inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
    outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
  });
  const attributes: ActivityInterceptorsFactory = (ctx) => ({
    inbound: {
      async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
        const span = otel.trace.getActiveSpan();
        const info = ctx.info;
        span?.setAttributes({
          [A.workflowId]: info.workflowExecution?.workflowId ?? '',
          [A.agent]: info.activityType,
          [A.attempt]: info.attempt,
          [A.local]: info.isLocal,
        });
        try {
          const result = await next(input);
          span?.setAttribute(A.status, 'completed');
          return result;
        } catch (err) {
          if (ctx.cancellationSignal.aborted) span?.setAttribute(A.status, 'cancelled');
          else span?.setAttributes({ [A.status]: 'failed', [A.failureClass]: classifyError(err) });
          throw err;
        }
      },
    },
  });
  const step: ActivityInterceptorsFactory = () => ({
    inbound: {
      execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
        const stepId = stepIdOf(input.args[0]);
        if (stepId !== null) otel.trace.getActiveSpan()?.setAttribute(A.stepId, stepId);
        return next(input);
      },
    },
  });
  return { workflowBundle: TRACED_WORKFLOW_BUNDLE, sinks, activityInterceptors: (inner) => [sdkSpan, attributes, inner, step] };
}

/**
 * A client's interceptors, undefined when tracing is off: the run's trace starts at `StartWorkflow` and travels in the
 * start's headers; updates (a plan review), signals and cancels are traced too. Queries are not: `baton ask` polls
 * the run's progress every 400 ms, which would be a trace of its own each time.
 */
export function clientInterceptors(env: NodeJS.ProcessEnv = process.env): ClientInterceptors | undefined {
  if (tracesEndpoint(env) === null) return undefined;
  startTracing('baton', false, env);
  const { OpenTelemetryWorkflowClientInterceptor } = load<typeof OtelClient>('@temporalio/interceptors-opentelemetry/lib/client');
  class RunTracing extends OpenTelemetryWorkflowClientInterceptor {
    override query(input: WorkflowQueryInput, next: Next<WorkflowClientInterceptor, 'query'>): Promise<unknown> {
      return next(input);
    }
  }
  return { workflow: [new RunTracing()] };
}
