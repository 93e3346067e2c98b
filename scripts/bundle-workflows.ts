/**
 * Prebuilds the workflow bundle (dist/workflow-bundle.js) so workers start fast
 * and run exactly the code that was built, rather than bundling at start-up.
 */
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import fs from 'node:fs/promises';
import path from 'node:path';

async function run(): Promise<void> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../src/workflows'),
    logger: new DefaultLogger('WARN'),
  });
  const target = path.resolve(__dirname, '../workflow-bundle.js');
  await fs.writeFile(target, code);
  console.log(`workflow bundle written to ${path.relative(process.cwd(), target)} (${(code.length / 1024).toFixed(0)} KiB)`);
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
