#!/usr/bin/env bash
# Point-in-time recovery: a new data directory from a base backup (pg_basebackup -Ft: base.tar.gz or
# base.tar) and the WAL archive (archive_command), replayed up to a moment, then opened for writes.
# Run as the OS user that owns PostgreSQL's files (postgres). docs/operations.md, Backups.
# Usage: scripts/pitr-restore.sh <base-backup-dir> <wal-archive-dir> <new-data-dir> "<target time>" [port]
#   target time: what PostgreSQL reads as a timestamp with time zone, e.g. "2026-11-28 01:30:00+00"
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,6p' "$0" >&2
  exit 2
fi
backup="$1"; archive="$2"; data="$3"; target="$4"; port="${5:-}"
bin="${PG_BIN_DIR:-$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)}"

[ -d "$backup" ] || { echo "no base backup at $backup" >&2; exit 1; }
[ -d "$archive" ] || { echo "no WAL archive at $archive" >&2; exit 1; }
if [ -e "$data" ] && [ -n "$(ls -A "$data")" ]; then echo "$data exists and is not empty" >&2; exit 1; fi
mkdir -p "$data"
chmod 700 "$data"

# The base backup's files, then its own WAL if it carries any (pg_basebackup -X fetch/stream -Ft: pg_wal.tar).
if [ -f "$backup/base.tar.gz" ]; then tar -xzf "$backup/base.tar.gz" -C "$data"; else tar -xf "$backup/base.tar" -C "$data"; fi
if [ -f "$backup/pg_wal.tar.gz" ]; then tar -xzf "$backup/pg_wal.tar.gz" -C "$data/pg_wal";
elif [ -f "$backup/pg_wal.tar" ]; then tar -xf "$backup/pg_wal.tar" -C "$data/pg_wal"; fi

# Replay from the archive up to the target, then promote: the restored server takes writes on a new timeline.
cat >>"$data/postgresql.auto.conf" <<CONF
restore_command = 'cp "$archive/%f" "%p"'
recovery_target_time = '$target'
recovery_target_action = 'promote'
archive_mode = off
CONF
[ -n "$port" ] && echo "port = $port" >>"$data/postgresql.auto.conf"
touch "$data/recovery.signal"

"$bin/pg_ctl" start -w -t 120 -D "$data" -l "$data/restore.log"
# Recovery ends with promotion; wait until the server leaves recovery.
for _ in $(seq 1 120); do
  state=$("$bin/psql" -h 127.0.0.1 ${port:+-p "$port"} -U postgres -d postgres -Atc 'SELECT pg_is_in_recovery()' 2>/dev/null || true)
  [ "$state" = "f" ] && { echo "restored to $target: $data"; exit 0; }
  sleep 1
done
echo "recovery did not finish; see $data/restore.log" >&2
exit 1
