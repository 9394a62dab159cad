#!/usr/bin/env bash
# Rebuilds the committed test fixtures that node:sqlite cannot write itself, with the
# sqlite3 command-line shell (apt-get install sqlite3). Tests read them with litejit and
# compare with what node:sqlite reads from the same file, so the fixtures carry no
# expected values of their own.
set -euo pipefail
cd "$(dirname "$0")/../tests/fixtures"

# Pages with reserved bytes at the end (header byte 20), which change every usable-size
# formula: local payload limits, overflow page capacity, cell bounds.
for reserve in 1 40 255; do
  f="reserved_${reserve}.db"
  rm -f "$f"
  sqlite3 "$f" <<SQL
PRAGMA page_size=1024;
.filectrl reserve_bytes ${reserve}
CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT, b BLOB);
CREATE INDEX ts ON t(s DESC);
CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<200)
  INSERT INTO t SELECT i, printf('row %d %s', i, substr('ÅßÇ✓αβγ', 1 + i%5)),
    CAST(printf('%.*c', i*4, 'x') AS BLOB) FROM c;
INSERT INTO w SELECT printf('%.*c', 1 + id % 700, 'k') || id, s FROM t;
VACUUM;
SQL
done
ls -la
