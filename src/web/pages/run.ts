/**
 * A run's page. While it runs: Watch, the live checklist (data quality, each step, statistics, analysis,
 * verification, report, audit) that the server-sent events replace as it changes, and Review when the plan waits for
 * a decision. Once it has ended: Read, the answer with its reading line, the report inline (the HTML report renderer's
 * own markup, charts beside their findings), every [n] opening its calculation, SQL and verification, the
 * data-quality notes and the downloads.
 */
import type { AnalysisResult, Plan, ReportOutput, RunProgress } from '../../contracts';
import { STAGES } from '../../agents/table';
import { html, raw, type Html } from '../html';
import type { CitationDetail } from '../runs';
import { csrfField, type PageContext } from './layout';

const MARK: Record<string, string> = {
  pending: '○',
  running: '▶',
  validating: '…',
  retrying: '↻',
  passed: '✔',
  done: '✔',
  failed: '✖',
  skipped: '–',
};

type Status = 'pending' | 'running' | 'validating' | 'retrying' | 'passed' | 'done' | 'failed' | 'skipped';

function item(ctx: PageContext, status: Status, label: string, note: string | null, attempts = 1): Html {
  const t = ctx.text;
  return html`<li class="s-${status}">
    <span class="mark" aria-hidden="true">${MARK[status] ?? ''}</span>${label} —
    <span class="status">${t(`web.status.${status}`)}</span
    >${attempts > 1 ? t('web.run.attempt', { n: attempts }) : ''}${note ? html`: <span class="note">${note}</span>` : ''}
  </li>`;
}

/** The checklist as the page shows it: stages before the steps, the plan's steps, stages after them. */
export function checklistHtml(ctx: PageContext, progress: RunProgress | null): Html {
  const t = ctx.text;
  if (!progress) return html`<p class="note">${t('web.run.waiting')}</p>`;
  const stage = (id: string) => {
    const s = (progress.stages ?? []).find((x) => x.id === id);
    const spec = STAGES.find((x) => x.id === id);
    return s ? item(ctx, s.status, spec ? spec.label[ctx.language] : s.label, s.note) : html``;
  };
  return html`<p>${t('web.run.phase', { phase: progress.phase })}</p>
    <ul class="checklist" aria-label="${t('web.run.checklist')}">
      ${STAGES.filter((s) => s.shown === 'before_steps').map((s) => stage(s.id))}
      ${progress.steps.map((s) => item(ctx, s.status, `${s.step_id} ${s.description}`, s.note, s.attempts))}
      ${STAGES.filter((s) => s.shown === 'after_steps').map((s) => stage(s.id))}
    </ul>`;
}

/** The plan waiting for review, with approve, revise (with feedback) and reject. */
export function reviewHtml(ctx: PageContext, workflowId: string, plan: Plan): Html {
  const t = ctx.text;
  const steps = plan.kind === 'plan' ? plan.steps : [];
  const action = `/runs/${encodeURIComponent(workflowId)}/review`;
  return html`<section id="review" aria-labelledby="review-heading">
    <h2 id="review-heading">${t('web.review.heading')}</h2>
    <p>${t('web.review.intro')}</p>
    <h3>${t('web.review.steps')}</h3>
    <ol class="plan">
      ${steps.map((s) => html`<li><strong>${s.step_id}</strong> ${s.description}${s.depends_on.length > 0 ? html` <span class="note">(${t('web.review.depends', { steps: s.depends_on.join(', ') })})</span>` : ''}<br /><span class="note">→ ${s.expected_output}</span></li>`)}
    </ol>
    <form method="post" action="${action}" class="row">
      ${csrfField(ctx)}<input type="hidden" name="action" value="approve" /><button type="submit" id="approve">
        ${t('web.review.approve')}
      </button>
    </form>
    <form method="post" action="${action}">
      ${csrfField(ctx)}<input type="hidden" name="action" value="revise" /><label for="feedback">${t('web.review.feedback')}</label
      ><textarea id="feedback" name="feedback" required></textarea>
      <div class="row"><button type="submit" class="secondary" id="revise">${t('web.review.revise')}</button></div>
    </form>
    <form method="post" action="${action}" class="row">
      ${csrfField(ctx)}<input type="hidden" name="action" value="reject" /><button type="submit" class="danger" id="reject">
        ${t('web.review.reject')}
      </button>
    </form>
  </section>`;
}

/** What the server-sent events replace: the checklist, and the review while the plan waits. */
export function liveHtml(ctx: PageContext, workflowId: string, progress: RunProgress | null): Html {
  const waiting = progress?.phase === 'awaiting_approval' && progress.plan;
  return html`${checklistHtml(ctx, progress)}${waiting && progress.plan ? reviewHtml(ctx, workflowId, progress.plan) : ''}`;
}

export function watchBody(ctx: PageContext, workflowId: string, question: string, progress: RunProgress | null, uiLink: string): Html {
  const t = ctx.text;
  const id = encodeURIComponent(workflowId);
  return html`<h1>${t('web.run.heading', { id: workflowId })}</h1>
    <p><strong>${t('web.run.question')}:</strong> <span id="question-text">${question}</span></p>
    <p><a href="${uiLink}">${t('web.run.temporal-link')}</a></p>
    <h2>${t('web.run.checklist')}</h2>
    <div id="live" data-events="/runs/${id}/events" aria-live="polite">${liveHtml(ctx, workflowId, progress)}</div>
    <form method="post" action="/runs/${id}/cancel" class="row">
      ${csrfField(ctx)}<label for="reason" class="visually-hidden">${t('web.run.cancel-reason')}</label
      ><input type="text" id="reason" name="reason" placeholder="${t('web.run.cancel-reason')}" /><button
        type="submit"
        class="danger"
        id="cancel"
      >
        ${t('web.run.cancel')}
      </button>
    </form>`;
}

function calculationHtml(ctx: PageContext, detail: CitationDetail): Html {
  const t = ctx.text;
  const c = detail.calculation;
  const check = detail.check;
  return html`<div id="calc-${detail.marker}" class="calc" hidden>
    <h2>${t('web.calc.heading', { marker: detail.marker })}</h2>
    ${
      c
        ? html`<p>${c.description}</p>
            <p><strong>${t('web.calc.value')}:</strong> <span class="calc-value">${c.value}</span></p>
            <p><strong>${t('web.calc.formula')}:</strong> <code>${c.formula}</code></p>
            <p><strong>${t('web.calc.sources')}:</strong> ${c.sources.map((s) => `${s.table}(${s.columns.join(', ')})`).join('; ')}</p>`
        : ''
    }
    <h3>${t('web.calc.sql')}</h3>
    ${
      detail.sql.length === 0
        ? html`<p class="note">${t('web.calc.no-sql')}</p>`
        : detail.sql.map(
            (s) =>
              html`<p class="note">${t('web.calc.step-sql', { step: s.step_id })}</p>
                <pre class="sql">${s.sql}${s.params.length > 0 ? `\n-- params: ${JSON.stringify(s.params)}` : ''}</pre>`,
          )
    }
    <h3>${t('web.calc.verification')}</h3>
    ${
      check
        ? html`<p class="verification">
              ${t('web.calc.recomputed', { value: check.recomputed ?? '—' })} ·
              <span class="${check.status === 'verified' ? 'ok' : 'bad'}"
                >${check.status === 'verified' ? t('web.calc.matched') : t('web.calc.mismatch')}</span
              >
              (${check.path === 'independent' ? t('web.calc.path.independent') : t('web.calc.path.re-run')})
            </p>
            ${check.detail ? html`<p class="note">${check.detail}</p>` : ''}`
        : html`<p class="note">${t('web.calc.not-checked')}</p>`
    }
  </div>`;
}

function qualityHtml(ctx: PageContext, result: AnalysisResult): Html {
  const t = ctx.text;
  const checks = (result.dataQuality?.checks ?? []).filter((c) => c.count > 0);
  if (!result.dataQuality) return html``;
  return html`<section id="quality-notes" aria-labelledby="quality-heading">
    <h2 id="quality-heading">${t('web.read.quality')}</h2>
    ${
      checks.length === 0
        ? html`<p>${t('web.read.quality-none')}</p>`
        : html`<ul>
            ${checks.map((c) => html`<li>${t('web.read.quality-line', { table: c.table, column: c.column, description: c.description, count: c.count })}${c.excluded_by_metrics ? t('web.read.quality-excluded') : ''}</li>`)}
          </ul>`
    }
  </section>`;
}

/** The report renderer's document, its body only (the page has its own style sheet and no inline script). */
export function reportBody(document: string): string {
  const body = /<body>([\s\S]*)<\/body>/.exec(document)?.[1] ?? '';
  return body.replace(/<h1>/, '<h2 class="report-title">').replace(/<\/h1>/, '</h2>');
}

export interface ReadParts {
  workflowId: string;
  result: AnalysisResult;
  report: ReportOutput | null;
  /** toHtml(report), from src/report/render.ts. */
  reportHtml: string | null;
  details: CitationDetail[];
  uiLink: string;
  followUp: Html;
}

export function readBody(ctx: PageContext, parts: ReadParts): Html {
  const t = ctx.text;
  const { result, workflowId } = parts;
  const id = encodeURIComponent(workflowId);
  return html`<h1>${t('web.run.heading', { id: workflowId })}</h1>
    <p><strong>${t('web.run.question')}:</strong> <span id="question-text">${result.question}</span></p>
    <p>${t('web.read.status', { status: result.status })} · <a href="${parts.uiLink}">${t('web.run.temporal-link')}</a></p>
    <section id="answer-section" aria-labelledby="answer-heading">
      <h2 id="answer-heading">${t('web.read.answer')}</h2>
      ${result.reading ? html`<p class="reading" id="reading"><strong>${t('web.read.reading')}:</strong> ${result.reading.statement}</p>` : ''}
      <div class="answer" id="answer">${result.answer}</div>
    </section>
    ${parts.report ? html`<p><strong>${t('web.read.downloads')}:</strong> <a href="/runs/${id}/report.md" download>Markdown</a> · <a href="/runs/${id}/report.html" download>HTML</a> · <a href="/runs/${id}/report.docx" download>DOCX</a></p>` : html`<p class="note">${t('web.read.no-report')}</p>`}
    ${qualityHtml(ctx, result)} ${parts.followUp}
    ${parts.reportHtml ? html`<section class="report" id="report" aria-label="${t('web.read.report')}">${raw(reportBody(parts.reportHtml))}</section>` : ''}
    ${parts.details.map((d) => calculationHtml(ctx, d))}
    <dialog id="calc-dialog" class="calc" aria-label="${t('web.calc.dialog')}">
      <div class="calc-body"></div>
      <form method="dialog"><button type="submit" id="calc-close">${t('web.calc.close')}</button></form>
    </dialog>`;
}
