/** `baton status`, `baton result` and `baton show`: looking at a run. */
import pc from 'picocolors';
import type { RunProgress } from '../../contracts';
import { getPool } from '../../storage/db';
import { fullResult } from '../../storage/run-record';
import { STATUS_ATTRIBUTE } from '../../temporal/search-attributes';
import type { analysisWorkflow } from '../../workflows';
import { progressQuery } from '../../contracts/workflow-messages';
import { checklist } from '../../agents/checklist';
import { config, withTemporal } from '../context';
import { planText, printAnswer, printJson, resultJson, STATUS_MARK } from '../output';
import { webUiLink } from '../temporal';
import { fixed } from '../../format/numbers';

export async function status(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const handle = client.workflow.getHandle<typeof analysisWorkflow>(workflowId);
    const description = await handle.describe();
    let progress: RunProgress | null = null;
    try {
      progress = await handle.query(progressQuery);
    } catch {
      // Queries need a worker; without one the description still answers.
    }
    const summary = {
      workflowId,
      runStatus: description.status.name,
      batonStatus: description.typedSearchAttributes.get(STATUS_ATTRIBUTE) ?? null,
      startTime: description.startTime.toISOString(),
      closeTime: description.closeTime?.toISOString() ?? null,
      progress,
      webUi: webUiLink(config, workflowId),
    };
    if (opts.json) return printJson(summary);
    console.log(`${pc.bold(workflowId)}  ${description.status.name}${summary.batonStatus ? ` · ${summary.batonStatus}` : ''}`);
    console.log(pc.dim(`started ${summary.startTime}${summary.closeTime ? ` · closed ${summary.closeTime}` : ''}`));
    if (progress) {
      console.log(checklist(progress.question, progress));
      if (progress.phase === 'awaiting_approval' && progress.plan) {
        console.log(
          `\nplan waiting for review:\n${planText(progress.plan)}\ndecide with: baton approve ${workflowId} | baton revise ${workflowId} "<feedback>" | baton reject ${workflowId}`,
        );
      }
    } else {
      console.log(pc.dim('(progress unavailable: no worker answered the query)'));
    }
    console.log(pc.dim(`Web UI: ${summary.webUi}`));
  });
}

export async function result(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const value = await fullResult(await client.workflow.getHandle<typeof analysisWorkflow>(workflowId).result());
    if (opts.json) printJson(resultJson(workflowId, value));
    else printAnswer(workflowId, value);
  });
}

interface TokenRow {
  agent: string;
  calls: string;
  input_tokens: string;
  output_tokens: string;
  input_budget: number;
  output_budget: number;
  over_input: string;
  over_output: string;
}

export async function show(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const handle = client.workflow.getHandle<typeof analysisWorkflow>(workflowId);
    const description = await handle.describe();
    const result = description.status.name === 'COMPLETED' ? await fullResult(await handle.result()) : null;
    const tokens = await tokensByAgent(workflowId);
    const modelTokens = await modelCalls(workflowId);
    const summary = {
      workflowId,
      runStatus: description.status.name,
      batonStatus: description.typedSearchAttributes.get(STATUS_ATTRIBUTE) ?? null,
      question: (await description.staticSummary()) ?? result?.question ?? null,
      intent: result
        ? `${result.intent.intent} (${result.intent.decided_by}${result.intent.matched ? `: "${result.intent.matched}"` : ''})`
        : null,
      steps:
        result?.steps.map((s) => ({ step_id: s.step.step_id, description: s.step.description, status: s.status, attempts: s.attempts })) ??
        [],
      tokens,
      modelTokens,
      totalTokens: { input: tokens.reduce((a, t) => a + t.input_tokens, 0), output: tokens.reduce((a, t) => a + t.output_tokens, 0) },
      history: { events: description.historyLength, bytes: description.historySize ?? null },
      webUi: webUiLink(config, workflowId),
    };
    if (opts.json) return printJson(summary);
    console.log(`${pc.bold(workflowId)}  ${summary.runStatus}${summary.batonStatus ? ` · ${summary.batonStatus}` : ''}`);
    if (summary.question) console.log(`question: ${summary.question}`);
    if (summary.intent) console.log(`intent:   ${summary.intent}`);
    for (const s of summary.steps)
      console.log(
        `  ${STATUS_MARK[s.status] ?? ' '} ${s.step_id} ${s.description} · ${s.status}${s.attempts > 1 ? ` (${s.attempts} attempts)` : ''}`,
      );
    printTokens(tokens, summary.totalTokens);
    printModelCalls(modelTokens);
    console.log(
      pc.dim(
        `\nhistory: ${summary.history.events} events${summary.history.bytes ? `, ${fixed(summary.history.bytes / 1024, 1)} KiB` : ''} · Web UI: ${summary.webUi}`,
      ),
    );
  });
}

type AgentTokens = Awaited<ReturnType<typeof tokensByAgent>>[number];
type ModelCalls = Awaited<ReturnType<typeof modelCalls>>[number];

/** The run's tokens per agent (o200k, counted by Baton), against each agent's budget. */
async function tokensByAgent(workflowId: string) {
  const { rows } = await getPool(config.databaseUrl).query<TokenRow>(
    `SELECT agent, count(*) AS calls, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
            max(input_budget) AS input_budget, max(output_budget) AS output_budget,
            count(*) FILTER (WHERE input_tokens > input_budget) AS over_input, count(*) FILTER (WHERE output_tokens > output_budget) AS over_output
     FROM baton.token_usage WHERE workflow_id = $1 GROUP BY agent ORDER BY min(id)`,
    [workflowId],
  );
  return rows.map((r) => ({
    agent: r.agent,
    calls: Number(r.calls),
    input_tokens: Number(r.input_tokens),
    output_tokens: Number(r.output_tokens),
    input_budget: r.input_budget,
    output_budget: r.output_budget,
    over_input: Number(r.over_input),
    over_output: Number(r.over_output),
  }));
}

/** What language-model calls cost, as the API reported it (none for the offline rules model). */
async function modelCalls(workflowId: string) {
  const usage = await getPool(config.databaseUrl).query<{
    agent: string;
    model: string;
    calls: string;
    prompt: string;
    completion: string;
    cached: string;
  }>(
    `SELECT agent, model, count(*) AS calls, sum(prompt_tokens) AS prompt, sum(completion_tokens) AS completion, sum(cached_tokens) AS cached
     FROM baton.model_usage WHERE workflow_id = $1 GROUP BY agent, model ORDER BY min(id)`,
    [workflowId],
  );
  return usage.rows.map((r) => ({
    agent: r.agent,
    model: r.model,
    calls: Number(r.calls),
    prompt_tokens: Number(r.prompt),
    completion_tokens: Number(r.completion),
    cached_prompt_tokens: Number(r.cached),
  }));
}

function printTokens(tokens: AgentTokens[], total: { input: number; output: number }): void {
  console.log(`\ntokens by agent (o200k):`);
  console.log(
    `  ${'agent'.padEnd(16)}${'calls'.padStart(6)}${'input'.padStart(9)}${'output'.padStart(9)}${'budget in/out'.padStart(16)}  over budget`,
  );
  for (const t of tokens) {
    const over = t.over_input + t.over_output > 0 ? pc.yellow(`${t.over_input} in, ${t.over_output} out`) : '—';
    console.log(
      `  ${t.agent.padEnd(16)}${String(t.calls).padStart(6)}${String(t.input_tokens).padStart(9)}${String(t.output_tokens).padStart(9)}${`${t.input_budget}/${t.output_budget}`.padStart(16)}  ${over}`,
    );
  }
  console.log(`  ${'total'.padEnd(16)}${''.padStart(6)}${String(total.input).padStart(9)}${String(total.output).padStart(9)}`);
}

function printModelCalls(modelTokens: ModelCalls[]): void {
  if (modelTokens.length === 0) return;
  console.log(`\nlanguage-model calls (usage as the API reported it):`);
  console.log(
    `  ${'agent'.padEnd(16)}${'model'.padEnd(20)}${'calls'.padStart(6)}${'prompt'.padStart(9)}${'cached'.padStart(9)}${'completion'.padStart(12)}`,
  );
  for (const m of modelTokens) {
    console.log(
      `  ${m.agent.padEnd(16)}${m.model.padEnd(20)}${String(m.calls).padStart(6)}${String(m.prompt_tokens).padStart(9)}${String(m.cached_prompt_tokens).padStart(9)}${String(m.completion_tokens).padStart(12)}`,
    );
  }
}
