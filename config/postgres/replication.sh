#!/bin/sh
# Run once by the postgres image when it creates the primary's data directory: lets the standby
# (docker-compose service postgres-standby) stream WAL with pg_basebackup -R.
set -e
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -c "SELECT pg_create_physical_replication_slot('standby')"
