/** `baton report` (a finished run's report as Markdown, HTML or DOCX) and `baton export` (the whole run, from its history). */
import fs from 'node:fs';
import path from 'node:path';
import type { ReportOutput } from '../../contracts';
import { chartFont } from '../../report/chart-drawing';
import { renderReport, type ReportFormat } from '../../report/render';
import { redactUrl } from '../../settings/config';
import { loadArtifact } from '../../storage/artifacts';
import { fullResult } from '../../storage/run-record';
import type { analysisWorkflow } from '../../workflows';
import { config, withTemporal } from '../context';
import { exportRun } from '../export';
import { CliError } from '../temporal';
import { fixed } from '../../format/numbers';

export async function reportCommand(workflowId: string, opts: { format: ReportFormat; output?: string }): Promise<void> {
  await withTemporal(async (client) => {
    const value = await fullResult(await client.workflow.getHandle<typeof analysisWorkflow>(workflowId).result());
    if (!value.report) throw new CliError(`run ${workflowId} has no report (status ${value.status}): ${value.answer}`, 1);
    const file = path.resolve(opts.output ?? path.join('reports', `${workflowId}.${opts.format}`));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The report itself is an artifact in PostgreSQL; the run's result holds its reference.
    const report = await loadArtifact<ReportOutput>(value.report.report_ref).catch((err: unknown) => {
      throw new CliError(
        `cannot read report ${value.report?.report_ref ?? ''} from ${redactUrl(config.databaseUrl)}: ${(err as Error).message}`,
        1,
      );
    });
    fs.writeFileSync(file, await renderReport(report, opts.format));
    // DOCX chart images need a font that covers Chinese; without one they are drawn anyway, and the user is told why.
    const font = chartFont();
    if (opts.format === 'docx' && report.charts.length > 0 && font.note) console.error(`warning: ${font.note}`);
    const audit = value.report.audit;
    console.log(`${opts.format.toUpperCase()} report written to ${file}`);
    console.log(
      `audit: ${audit.clean ? `clean (${audit.numbers_checked} numbers checked, ${value.report.citation_count} citations)` : `${audit.findings.length} finding(s)${audit.note ? ` — ${audit.note}` : ''}`}`,
    );
  });
}

export async function exportCommand(workflowId: string, opts: { output?: string }): Promise<void> {
  await withTemporal(async (client) => {
    const exported = await exportRun(client, workflowId);
    const text = `${JSON.stringify(exported, null, 2)}\n`;
    if (opts.output) {
      fs.writeFileSync(opts.output, text);
      console.log(`wrote ${opts.output} (${fixed(Buffer.byteLength(text) / 1024, 1)} KiB, ${(exported.steps as unknown[]).length} steps)`);
    } else {
      process.stdout.write(text);
    }
  });
}
