#!/usr/bin/env bash
# The game server's real-browser test, on a fresh Debian machine as root: installs chromium and
# the npm package playwright-core when missing, builds the server, runs browser/test.js.
# Prints "N passed, N failed" last and exits non-zero when a test failed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi

major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 20 ]; then
  echo "playwright-core needs Node.js 20 or newer; this machine has $(node --version)" >&2
  exit 1
fi

cd "$here"
npm ci --no-audit --no-fund

cd "$root"
cargo build --release -p boardrules-server
cd "$here"
set +e
node test.js --server "$root/target/release/boardrules-server" "$@"
status=$?
set -e
if [ "$status" -ne 0 ]; then
  echo "browser test failed (exit $status)" >&2
fi
exit "$status"
