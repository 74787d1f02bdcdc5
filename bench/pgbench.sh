# Sourced by the bench scripts: sets $pgbench and $psql, installing Debian's postgresql-15 client
# tools (pgbench, psql) with apt-get when they are missing and this runs as root. Fails with a
# clear message, never skips, when they cannot be had: every figure needs its B_pg baseline.
pgbench=$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | head -1 || true)
if [ -z "$pgbench" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "pgbench not found: installing Debian's postgresql-15 (for pgbench and psql)" >&2
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null 2>&1 || true
  pgbench=$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | head -1 || true)
fi
if [ -z "$pgbench" ]; then
  echo "pgbench is not installed and could not be installed (needs root and apt-get): apt-get install postgresql-15" >&2
  exit 1
fi
psql="$(dirname "$pgbench")/psql"
