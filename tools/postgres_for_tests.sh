#!/usr/bin/env bash
# Start Debian's PostgreSQL cluster and make the role and database the storage tests use.
#
# Why: the storage tests run against a real PostgreSQL server, never a mock. CI runs this as root
# on Debian 12 (package postgresql-15) and exports what it prints:
#
#     export TAPETE_TEST_POSTGRES_URL="$(tools/postgres_for_tests.sh)"
#
# Idempotent: a running cluster, an existing role or database are kept (the role's password is
# reset to the known one). Progress goes to stderr; stdout carries only the URL.
# Environment: PG_VERSION (15), PG_CLUSTER (main), TAPETE_PG_USER/PASSWORD/DB (tapete/tapete/tapete_test).
set -euo pipefail

version="${PG_VERSION:-15}"
cluster="${PG_CLUSTER:-main}"
user="${TAPETE_PG_USER:-tapete}"
password="${TAPETE_PG_PASSWORD:-tapete}"
db="${TAPETE_PG_DB:-tapete_test}"

say() { echo "postgres_for_tests: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
    say "run me as root (I start the cluster and act as the postgres user)"
    exit 1
fi
if ! command -v pg_lsclusters >/dev/null; then
    say "pg_lsclusters not found: install Debian's postgresql-$version (apt-get install postgresql-$version)"
    exit 1
fi

# The cluster: create it if the package did not, then start it unless it is already online.
if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { found = 1 } END { exit !found }'; then
    say "creating cluster $version/$cluster"
    pg_createcluster "$version" "$cluster" >&2
fi
status="$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $4 }')"
if [ "$status" != "online" ]; then
    say "starting cluster $version/$cluster"
    pg_ctlcluster "$version" "$cluster" start >&2 || service postgresql start >&2
fi
port="$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $3 }')"

# Wait until it accepts connections on loopback (a fresh start takes a moment).
for _ in $(seq 1 60); do
    if pg_isready -q -h 127.0.0.1 -p "$port"; then
        break
    fi
    sleep 0.5
done
if ! pg_isready -q -h 127.0.0.1 -p "$port"; then
    say "cluster $version/$cluster does not answer on 127.0.0.1:$port (see /var/log/postgresql/)"
    exit 1
fi

as_postgres() { runuser -u postgres -- "$@"; }
psql_postgres() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres "$@"; }

# The role (password reset every time, so a changed one cannot break the tests) and the database.
if [ "$(psql_postgres -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" != "1" ]; then
    say "creating role $user"
    psql_postgres -c "CREATE ROLE \"$user\" LOGIN PASSWORD '$password'"
else
    psql_postgres -c "ALTER ROLE \"$user\" WITH LOGIN PASSWORD '$password'"
fi
if [ "$(psql_postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" != "1" ]; then
    say "creating database $db"
    as_postgres createdb -p "$port" -O "$user" "$db"
fi

echo "postgresql+psycopg://$user:$password@127.0.0.1:$port/$db"
