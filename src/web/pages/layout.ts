/** What every page shares: the request's language and form token, the header with navigation and the language switch. */
import type { Language } from '../../contracts';
import { textIn, type Text } from '../../messages';
import { html, type Html } from '../html';

export interface PageContext {
  language: Language;
  text: Text;
  /** The form token every form carries (security.ts). */
  csrf: string;
  /** The path and query of the request, for the language switch. */
  url: URL;
}

export function pageContext(language: Language, csrf: string, url: URL): PageContext {
  return { language, text: textIn(language), csrf, url };
}

/** The form token as a hidden field. */
export function csrfField(ctx: PageContext): Html {
  return html`<input type="hidden" name="_csrf" value="${ctx.csrf}" />`;
}

function switchLink(ctx: PageContext, language: Language, label: string): Html {
  const url = new URL(ctx.url.toString());
  url.searchParams.set('lang', language);
  return language === ctx.language
    ? html`<strong aria-current="true">${label}</strong>`
    : html`<a
        href="${url.pathname}${url.search}"
        hreflang="${language === 'zh' ? 'zh-CN' : 'en'}"
        lang="${language === 'zh' ? 'zh-CN' : 'en'}"
        >${label}</a
      >`;
}

/** The page; `reloadSeconds` makes it reload itself (a conversation's page while a turn runs). */
export function layout(ctx: PageContext, title: string, body: Html, reloadSeconds?: number): string {
  const t = ctx.text;
  return html`<!doctype html>
    <html lang="${ctx.language === 'zh' ? 'zh-CN' : 'en'}">
      <head>
        <meta charset="utf-8" />
        ${reloadSeconds ? html`<meta http-equiv="refresh" content="${reloadSeconds}" />` : ''}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${t('web.title')}</title>
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/app.js" defer></script>
      </head>
      <body>
        <header class="top">
          <a class="brand" href="/">${t('web.title')}</a>
          <nav aria-label="${t('web.nav.main')}">
            <ul>
              <li><a href="/">${t('web.nav.ask')}</a></li>
              <li><a href="/runs">${t('web.nav.runs')}</a></li>
              <li><a href="/schedules">${t('web.nav.schedules')}</a></li>
              <li><a href="/catalogs">${t('web.nav.catalogs')}</a></li>
            </ul>
          </nav>
          <div class="lang" role="group" aria-label="${t('web.nav.language')}">
            ${switchLink(ctx, 'zh', '中文')} · ${switchLink(ctx, 'en', 'English')}
          </div>
        </header>
        <main id="main">${body}</main>
      </body>
    </html> `.text;
}

/** A page that says what went wrong (404 for a run, session or page that does not exist). */
export function messagePage(ctx: PageContext, heading: string, message: string): string {
  return layout(
    ctx,
    heading,
    html`<h1>${heading}</h1>
      <p class="error">${message}</p>
      <p><a href="/">${ctx.text('web.error.back')}</a></p>`,
  );
}
