#!/usr/bin/env bash
# Regenerates docs/report-screenshot.png, the README's picture of the reproduce --quick report. Run it whenever
# the report's layout changes (core/src/main/java/io/dpmarl/core/experiment/ReportHtml.java or the figures); a test
# fails while docs/report-screenshot.layout does not match ReportHtml.java.
# Needs Chromium (apt-get install -y chromium).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$(mktemp -d)"
"$ROOT/dpmarl" reproduce dp-nash-vi --quick --out "$OUT/reproduce" > /dev/null
PROFILE="$(mktemp -d)"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$PROFILE" --hide-scrollbars --window-size=1280,2400 \
  --screenshot="$ROOT/docs/report-screenshot.png" "file://$OUT/reproduce/dp-nash-vi/report.html"
# The layout fingerprint that ReportScreenshotCurrentTest compares with the report's source.
sha256sum "$ROOT/core/src/main/java/io/dpmarl/core/experiment/ReportHtml.java" | cut -d' ' -f1 \
  > "$ROOT/docs/report-screenshot.layout"
echo "wrote $ROOT/docs/report-screenshot.png from $OUT/reproduce/dp-nash-vi/report.html"
