#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium headless shell: the same browser engine Playwright runs
# headless, packaged by Debian (Playwright's own browser download is not used). Installs it with apt-get
# when it is missing and we are root; otherwise says what to do.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the end-to-end tests (apt-get install chromium-headless-shell)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  exit 0
fi
echo "Chromium not found at $chromium. Install it (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH." >&2
exit 1
