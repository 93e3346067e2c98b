/**
 * The page's only script and style sheet, served as /assets/app.js and /assets/app.css (no CDN, no build step; the
 * Content-Security-Policy allows scripts from the page's own origin only). The script: the live checklist from the
 * server-sent events (the browser's EventSource), and each citation [n] opening its calculation in a dialog. Every
 * form works without it.
 */

export const APP_CSS = `
:root { --ink: #1f2328; --muted: #57606a; --line: #d0d7de; --accent: #0b5cad; --ok: #1a7f37; --bad: #b42318; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { font-family: -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif; color: var(--ink); margin: 0; line-height: 1.55; }
header.top { display: flex; gap: 1.5rem; align-items: center; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); background: var(--bg); flex-wrap: wrap; }
header.top .brand { font-weight: 700; color: var(--ink); text-decoration: none; }
header.top nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
header.top a { color: var(--accent); }
header.top .lang { margin-left: auto; }
main { max-width: 64rem; margin: 1.5rem auto; padding: 0 1.2rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; margin-top: 1.8rem; }
label { display: block; font-weight: 600; margin: .6rem 0 .2rem; }
label.inline { display: inline; font-weight: 400; }
textarea, input[type=text], input[type=password], select { font: inherit; padding: .4rem; border: 1px solid #8c959f; border-radius: 4px; max-width: 100%; }
textarea { width: 100%; min-height: 4.5rem; }
button { font: inherit; padding: .35rem .9rem; border-radius: 4px; border: 1px solid #1f6feb; background: #0b5cad; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #0b5cad; }
button.danger { background: #b42318; border-color: #b42318; }
.row { display: flex; gap: .8rem; align-items: end; flex-wrap: wrap; margin: .6rem 0; }
.note { color: var(--muted); }
.error { color: var(--bad); font-weight: 600; }
ul.checklist { list-style: none; padding: 0; }
ul.checklist li { padding: .25rem 0; border-bottom: 1px dashed #eaeef2; }
ul.checklist .mark { display: inline-block; width: 1.4rem; }
.s-passed .mark, .s-done .mark { color: var(--ok); } .s-failed .mark { color: var(--bad); } .s-running .mark, .s-validating .mark, .s-retrying .mark { color: var(--accent); }
.answer { font-size: 1.08rem; padding: .8rem 1rem; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; white-space: pre-wrap; }
.reading { color: var(--muted); }
table.runs { border-collapse: collapse; width: 100%; font-size: .92rem; }
table.runs td, table.runs th { border-bottom: 1px solid var(--line); padding: .3rem .4rem; text-align: left; vertical-align: top; }
.report { border-top: 2px solid var(--line); margin-top: 1.5rem; }
.report .audit { padding: .5rem .8rem; border-radius: 4px; background: #e8f6ec; border: 1px solid #9bd3ae; }
.report sup a { text-decoration: none; color: var(--accent); }
.report code, .calc code, pre { background: #f4f4f4; padding: 0 .2rem; border-radius: 3px; }
pre { padding: .6rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.report figure { margin: 1.2rem 0; } .report figcaption { color: var(--muted); font-size: .9rem; } .report figure svg { max-width: 100%; height: auto; }
.report table { border-collapse: collapse; font-size: .88rem; } .report td, .report th { border: 1px solid var(--line); padding: .25rem .5rem; vertical-align: top; }
@media (min-width: 70rem) { .report section:has(figure) { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); column-gap: 1.5rem; } .report section:has(figure) > h2 { grid-column: 1 / -1; } .report section:has(figure) > figure { grid-column: 2; grid-row: 2 / span 10; margin-top: 0; } }
dialog.calc { max-width: 46rem; width: 92vw; border: 1px solid var(--line); border-radius: 8px; }
dialog.calc::backdrop { background: rgba(0,0,0,.3); }
.ok { color: var(--ok); font-weight: 600; } .bad { color: var(--bad); font-weight: 600; } .alerted { color: var(--accent); font-weight: 600; }
.suggestions button { margin: .2rem .3rem .2rem 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

export const APP_JS = `(function () {
  'use strict';
  window.__batonReceived = [];
  var live = document.getElementById('live');
  if (live && live.getAttribute('data-events') && window.EventSource) {
    var events = new EventSource(live.getAttribute('data-events'));
    events.addEventListener('checklist', function (e) {
      live.innerHTML = e.data;
      window.__batonReceived.push({ at: Date.now(), text: live.textContent });
    });
    events.addEventListener('done', function () {
      events.close();
      location.reload();
    });
  }
  var dialog = document.getElementById('calc-dialog');
  document.addEventListener('click', function (e) {
    var target = e.target;
    var link = target && target.closest ? target.closest('a[href^="#cite-"]') : null;
    if (link && dialog) {
      var detail = document.getElementById('calc-' + link.getAttribute('href').slice(6));
      if (!detail) return;
      e.preventDefault();
      dialog.querySelector('.calc-body').innerHTML = detail.innerHTML;
      dialog.showModal();
      return;
    }
    var suggestion = target && target.closest ? target.closest('button[data-question]') : null;
    if (suggestion) {
      var box = document.getElementById('question');
      var picker = document.getElementById('catalog');
      if (picker) picker.value = suggestion.getAttribute('data-catalog');
      if (box) { box.value = suggestion.getAttribute('data-question'); box.focus(); }
    }
  });
  var close = document.getElementById('calc-close');
  if (close && dialog) close.addEventListener('click', function () { dialog.close(); });
})();
`;
