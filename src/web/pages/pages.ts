/** The Ask, Runs, Catalogs and sign-in pages. */
import type { CheckReport } from '../../catalog/check';
import type { Catalog } from '../../catalog/schema';
import { RUN_INTENTS, RUN_STATUSES, formatDuration, type RunRow } from '../../cli/commands/runs';
import { redactUrl } from '../../settings/config';
import { html, type Html } from '../html';
import type { KnownCatalog } from '../catalogs';
import { csrfField, type PageContext } from './layout';

export interface AskParts {
  catalogs: KnownCatalog[];
  selected: KnownCatalog | undefined;
  /** Each catalog's suggested questions. */
  suggestions: { catalog: string; questions: string[] }[];
  error?: string;
  question?: string;
}

export function askBody(ctx: PageContext, parts: AskParts): Html {
  const t = ctx.text;
  return html`<h1>${t('web.ask.heading')}</h1>
    ${parts.error ? html`<p class="error" role="alert">${parts.error}</p>` : ''}
    <form method="post" action="/ask" id="ask-form">
      ${csrfField(ctx)}
      <label for="question">${t('web.ask.question')}</label>
      <textarea id="question" name="question" maxlength="2000" placeholder="${t('web.ask.placeholder')}">${parts.question ?? ''}</textarea>
      <div class="row">
        <div>
          <label for="catalog">${t('web.ask.catalog')}</label>
          <select id="catalog" name="catalog">
            ${parts.catalogs.map((c) => html`<option value="${c.id}" ${c === parts.selected ? ' selected' : ''}>${c.id}</option>`)}
          </select>
        </div>
        <div>
          <input type="checkbox" id="review" name="review" value="1" /> <label class="inline" for="review">${t('web.ask.review')}</label>
        </div>
        <button type="submit" id="ask">${t('web.ask.submit')}</button>
      </div>
    </form>
    <section class="suggestions" aria-labelledby="suggest-heading">
      <h2 id="suggest-heading">${t('web.ask.suggestions')}</h2>
      ${parts.suggestions.map(
        (g) =>
          html`<h3>${g.catalog}</h3>
            <p>
              ${g.questions.map((q) => html`<button type="button" class="secondary" data-question="${q}" data-catalog="${g.catalog}">${q}</button>`)}
            </p>`,
      )}
    </section>`;
}

export interface RunsFilter {
  status?: string;
  intent?: string;
  since?: string;
}

export function runsBody(ctx: PageContext, filter: RunsFilter, rows: RunRow[], uiLink: (id: string) => string, error?: string): Html {
  const t = ctx.text;
  const options = (values: readonly string[], chosen: string | undefined) =>
    html`<option value="">${t('web.runs.any')}</option>
      ${values.map((v) => html`<option value="${v}" ${v === chosen ? ' selected' : ''}>${v}</option>`)}`;
  return html`<h1>${t('web.runs.heading')}</h1>
    <form method="get" action="/runs" class="row">
      <div>
        <label for="f-status">${t('web.runs.status')}</label
        ><select id="f-status" name="status">
          ${options(RUN_STATUSES, filter.status)}
        </select>
      </div>
      <div>
        <label for="f-intent">${t('web.runs.intent')}</label
        ><select id="f-intent" name="intent">
          ${options(RUN_INTENTS, filter.intent)}
        </select>
      </div>
      <div>
        <label for="f-since">${t('web.runs.since')}</label><input type="text" id="f-since" name="since" value="${filter.since ?? ''}" />
      </div>
      <button type="submit">${t('web.runs.filter')}</button>
    </form>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${
      rows.length === 0
        ? html`<p>${t('web.runs.none')}</p>`
        : html`<table class="runs">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">${t('web.runs.started')}</th>
                <th scope="col">${t('web.runs.status')}</th>
                <th scope="col">${t('web.runs.intent')}</th>
                <th scope="col">${t('web.runs.duration')}</th>
                <th scope="col">${t('web.run.question')}</th>
                <th scope="col">${t('web.runs.actions')}</th>
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (r) =>
                  html`<tr data-run="${r.workflowId}">
                    <td><a href="/runs/${encodeURIComponent(r.workflowId)}">${r.workflowId}</a></td>
                    <td>${r.startTime.replace('T', ' ').slice(0, 19)}</td>
                    <td class="run-status">${r.status}</td>
                    <td>${r.intent ?? '–'}</td>
                    <td>${formatDuration(r.durationMs)}</td>
                    <td>${r.question ?? ''}</td>
                    <td>
                      <a href="${uiLink(r.workflowId)}">${t('web.runs.temporal')}</a
                      >${r.status === 'running' ? html`<form method="post" action="/runs/${encodeURIComponent(r.workflowId)}/cancel">${csrfField(ctx)}<button type="submit" class="danger">${t('web.run.cancel')}</button></form>` : ''}
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }`;
}

export interface CatalogRow {
  known: KnownCatalog;
  catalog: Catalog | null;
  check: CheckReport | null;
  error: string | null;
}

export function catalogsBody(ctx: PageContext, rows: CatalogRow[]): Html {
  const t = ctx.text;
  const label = (x: { label: string; label_zh: string }) => (ctx.language === 'zh' ? x.label_zh : x.label);
  return html`<h1>${t('web.catalogs.heading')}</h1>
    ${rows.map(({ known, catalog, check, error }) => {
      const ok = check !== null && check.problems.length === 0;
      return html`<section class="catalog" id="catalog-${known.id}" aria-labelledby="catalog-h-${known.id}">
        <h2 id="catalog-h-${known.id}"><a href="/?catalog=${known.id}">${known.id}</a></h2>
        <p class="note">
          ${t('web.catalogs.file', { file: known.file })} · ${t('web.catalogs.database', { database: redactUrl(known.databaseUrl) })}
        </p>
        ${catalog?.description ? html`<p>${catalog.description}</p>` : ''}
        ${error ? html`<p class="bad">${t('web.catalogs.unreadable', { reason: error })}</p>` : ''}
        ${
          check
            ? html`<p class="check ${ok ? 'ok' : 'bad'}">
                  ${ok ? t('web.catalogs.ok', check.checked) : t('web.catalogs.problems', { count: check.problems.length })}${check.warnings.length > 0 ? html` · ${t('web.catalogs.warnings', { count: check.warnings.length })}` : ''}
                </p>
                <ul>
                  ${check.problems.map((p) => html`<li class="bad">${p}</li>`)}${check.warnings.map((w) => html`<li>${w.path}${w.line !== undefined ? `:${w.line}` : ''}: ${w.message}</li>`)}
                </ul>`
            : ''
        }
        ${
          catalog
            ? html`<p><strong>${t('web.catalogs.metrics')}:</strong> ${Object.values(catalog.metrics).map(label).join(', ')}</p>
                <p><strong>${t('web.catalogs.dimensions')}:</strong> ${Object.values(catalog.dimensions).map(label).join(', ')}</p>`
            : ''
        }
      </section>`;
    })}`;
}

export function loginBody(ctx: PageContext, next: string, refused: boolean): Html {
  const t = ctx.text;
  return html`<h1>${t('web.login.heading')}</h1>
    <p>${t('web.login.needed')}</p>
    ${refused ? html`<p class="error" role="alert">${t('web.login.refused')}</p>` : ''}
    <form method="post" action="/login">
      ${csrfField(ctx)}<input type="hidden" name="next" value="${next}" /> <label for="token">${t('web.login.token')}</label
      ><input type="password" id="token" name="token" autocomplete="current-password" required />
      <div class="row"><button type="submit" id="sign-in">${t('web.login.submit')}</button></div>
    </form>`;
}
