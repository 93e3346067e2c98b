#!/usr/bin/env bash
# What npm test needs from the system besides Node and PostgreSQL, checked before it starts anything: Chromium (the
# report and browser tests drive it with playwright-core, which downloads no browser), a font covering Chinese
# (fonts-noto-cjk, for the browser and the chart images) and poppler-utils (pdftoppm and pdfinfo read the printed
# PDF). Silent when all are there; otherwise one line on stderr naming what is missing and the command that
# installs them, and exit status 1. Only bash builtins here, so it runs whatever the PATH holds.
set -uo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)

cjk_font=false
if command -v fc-list >/dev/null 2>&1; then
  fonts="$(fc-list :lang=zh family 2>/dev/null)"
  [[ "$fonts" == *"Noto Sans CJK"* ]] && cjk_font=true
fi
# Where Debian, Ubuntu, Fedora and Arch put them (as src/report/chart-drawing.ts looks for them).
for f in /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc /usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc \
  /usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc /usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf; do
  [ -f "$f" ] && cjk_font=true
done
$cjk_font || missing+=(fonts-noto-cjk)

{ command -v pdftoppm && command -v pdfinfo; } >/dev/null 2>&1 || missing+=(poppler-utils)

if [ "${#missing[@]}" -gt 0 ]; then
  echo "npm test needs chromium, fonts-noto-cjk and poppler-utils; missing here: ${missing[*]}. On Debian or Ubuntu: sudo apt-get install -y chromium fonts-noto-cjk poppler-utils" >&2
  exit 1
fi
