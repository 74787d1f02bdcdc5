#!/usr/bin/env bash
# Type-checks the TypeScript client that merchant-client's build generated from the merchant API
# document (target/generated-sources/typescript), with the typescript compiler pinned in
# package-lock.json. Where Node.js or npm is missing, the build says so and skips only this step.
set -euo pipefail
target="$1"
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "[merchant-client] Node.js/npm not found: the TypeScript client was generated in" \
       "$target/generated-sources/typescript but NOT type-checked (install Node 20+ to check it)"
  exit 0
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
