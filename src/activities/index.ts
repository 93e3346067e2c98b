/**
 * Every agent, one per file; the worker registers this module and workflows call it through proxyActivities.
 * Each entry of the agents' table (src/agents/table.ts) names its file (`module`), which exports the activity function
 * under the agent's name: they are loaded from there, so adding an agent takes its file, its entry in the table and the
 * workflow step that calls it.
 */
import { AGENTS, type AgentFunctions, type AgentName } from '../agents/table';

function load(): AgentFunctions {
  const loaded: Partial<Record<AgentName, unknown>> = {};
  for (const [name, spec] of Object.entries(AGENTS) as [AgentName, { module: string }][]) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the table names the file; types come from AgentModules
    const fn = (require(`./${spec.module}`) as Record<string, unknown>)[name];
    if (typeof fn !== 'function') throw new Error(`src/activities/${spec.module} exports no agent ${name} (src/agents/table.ts)`);
    loaded[name] = fn;
  }
  return loaded as AgentFunctions;
}

const activities: AgentFunctions = load();
// Marked as an ES module's namespace (not enumerable, so it is no activity), so that `import * as activities` and
// named imports read the agents themselves, as they did when this file exported each one.
Object.defineProperty(activities, '__esModule', { value: true });
export = activities;
