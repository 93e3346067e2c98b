/**
 * Prebuilds the workflow bundles so workers start fast and run exactly the code that was built, rather than
 * bundling at start-up: dist/workflow-bundle.js, and dist/workflow-bundle-traced.js, the same workflows with the
 * OpenTelemetry workflow interceptors of @temporalio/interceptors-opentelemetry, run by workers that trace
 * (OTEL_EXPORTER_OTLP_ENDPOINT set; src/temporal/telemetry.ts). The bundler refuses Node built-ins and other modules that are
 * not safe in the workflow sandbox, for both.
 */
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import fs from 'node:fs/promises';
import path from 'node:path';

async function write(file: string, workflowInterceptorModules: string[]): Promise<void> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../src/workflows'),
    workflowInterceptorModules,
    preloadModules: [require.resolve('../src/workflows/preload')],
    logger: new DefaultLogger('WARN'),
  });
  const target = path.resolve(__dirname, '..', file);
  await fs.writeFile(target, code);
  console.log(`workflow bundle written to ${path.relative(process.cwd(), target)} (${(code.length / 1024).toFixed(0)} KiB)`);
}

async function run(): Promise<void> {
  await write('workflow-bundle.js', []);
  await write('workflow-bundle-traced.js', [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')]);
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
