#!/usr/bin/env bash
# Type-checks the TypeScript client that merchant-client's build generated from the merchant API
# document (target/generated-sources/typescript), with the typescript compiler pinned in
# package-lock.json. Where Node.js or npm is missing it installs them (Debian's nodejs and npm, as
# root); where that is not possible the build fails, saying why and how to install them: a client
# that was never type-checked is not shipped as if it had been.
set -euo pipefail
target="$1"
here="$(cd "$(dirname "$0")" && pwd)"
have_node() { command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; }
if ! have_node && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "[merchant-client] Node.js/npm not found: installing Debian's nodejs and npm"
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null 2>&1 || true
fi
if ! have_node; then
  echo "[merchant-client] Node.js/npm not found and could not be installed (apt-get needs root): the TypeScript
client in $target/generated-sources/typescript cannot be type-checked. Install Node 20+ and npm
(on Debian: apt-get install nodejs npm) and build again." >&2
  exit 1
fi
work="$target/typescript-check"
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/tsconfig.json" "$work/"
cd "$work"
if [ ! -x node_modules/.bin/tsc ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
node_modules/.bin/tsc -p tsconfig.json
echo "[merchant-client] TypeScript client type-checked: tsc $(node_modules/.bin/tsc --version | tr -d '\n') (strict), no errors"
