#!/usr/bin/env bash
# The migrations and the SQL-level concurrency tests run on a real PostgreSQL server as well as on PGlite.
# This makes one available: with TEST_POSTGRES_URL set, it only checks that the server answers there;
# otherwise it uses Debian's PostgreSQL on this machine (installed with apt-get when missing and we are
# root, its cluster created or started when down), and creates the test role and database once.
# Prints the URL; given a command, runs it with TEST_POSTGRES_URL exported:
#   bash scripts/ensure-postgresql.sh vitest run --config vitest.postgres.config.ts
set -euo pipefail

role=moving_test
database=moving_test

answers() { psql "$1" -v ON_ERROR_STOP=1 -qAtc "select 1" >/dev/null 2>&1; }

# The newest version installed, its cluster's port and status, from Debian's pg_lsclusters.
cluster() { pg_lsclusters --no-header 2>/dev/null | sort -k1,1V | tail -n 1; }

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  if ! command -v pg_lsclusters >/dev/null || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "Installing PostgreSQL for the database tests (apt-get install postgresql)…" >&2
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    else
      echo "PostgreSQL not found. Install it (sudo apt-get install postgresql) or set TEST_POSTGRES_URL to a server's URL." >&2
      exit 1
    fi
  fi
  if [ -z "$(cluster)" ]; then
    version=$(basename "$(ls -d /usr/lib/postgresql/*/ | sort -V | tail -n 1)")
    pg_createcluster "$version" main >/dev/null
  fi
  read -r version name port status _ <<<"$(cluster)"
  if [ "$status" != online ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "PostgreSQL $version/$name is down. Start it (sudo pg_ctlcluster $version $name start) or set TEST_POSTGRES_URL." >&2
      exit 1
    fi
    echo "Starting PostgreSQL $version/$name on port $port…" >&2
    pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start
  fi
  # The tests create databases and the API roles (anon, authenticated, service_role, BYPASSRLS among
  # them), as Supabase's own administrator does: a superuser of this local server, reached over TCP.
  as_postgres=(psql --port "$port" -v ON_ERROR_STOP=1 -qAt)
  [ "$(id -u)" = 0 ] && as_postgres=(runuser -u postgres -- "${as_postgres[@]}")
  "${as_postgres[@]}" -d postgres <<SQL
select format('create role %I login superuser password %L', '$role', '$role')
where not exists (select 1 from pg_roles where rolname = '$role')
\gexec
select format('create database %I owner %I', '$database', '$role')
where not exists (select 1 from pg_database where datname = '$database')
\gexec
SQL
  TEST_POSTGRES_URL="postgres://$role:$role@127.0.0.1:$port/$database"
fi

if ! answers "$TEST_POSTGRES_URL"; then
  echo "PostgreSQL does not answer at ${TEST_POSTGRES_URL//:*@/:***@}" >&2
  exit 1
fi
export TEST_POSTGRES_URL
if [ $# -eq 0 ]; then
  echo "$TEST_POSTGRES_URL"
else
  exec "$@"
fi
