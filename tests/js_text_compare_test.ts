/**
 * The JS and Wasm backends' fused tests of a column against a TEXT constant (`=`, `<>`, `<`, `<=`,
 * `>`, `>=` as byte comparisons without decoding, backends/bytecode/text_compare_fusion.ts)
 * against SQLite and the interpreter's decode-and-compare, over edge texts stored in a
 * UTF-8 file (orders across prefixes, case, combining marks, 4-byte characters): ill-formed UTF-8 (lone
 * continuation bytes, overlong forms, encoded surrogates, truncated sequences), NUL,
 * the empty text, case variants, numbers and blobs in a TEXT column, and a NULL row of an
 * outer join. Every backend must return SQLite's rows; the generated source must show the
 * fused test, so the fast path is what ran.
 */
import assert from "node:assert/strict";
import { assertSameAsSqlite, withEachBackend } from "./support/oracle_queries.ts";

const STORED = [
  "'Casual'",
  "'casual'",
  "'Casual '",
  "''",
  "'é'",
  "'e' || char(769)",
  "'a' || char(0) || 'b'",
  "CAST(x'80' AS TEXT)",
  "CAST(x'c080' AS TEXT)",
  "CAST(x'eda080' AS TEXT)",
  "CAST(x'e282' AS TEXT)",
  "CAST(x'ff43' AS TEXT)",
  "12",
  "1.5",
  "x'436173756173'",
  "NULL",
];

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT, w);
${STORED.map((v, i) => `INSERT INTO t VALUES (${i + 1}, ${v}, ${v});`).join("\n")}
CREATE TABLE u(id INTEGER PRIMARY KEY);
INSERT INTO u VALUES (1), (2), (99);
`;

const CONSTANTS = [
  "'Casual'",
  "'casual'",
  "''",
  "'é'",
  "'12'",
  "'1.5'",
  "'a'",
  "'ñandú 𝄞'",
  "'Casual!'",
  "'𝄞'",
  "char(65535)",
];

/** IN lists of those constants (fused as byte tests too: text_compare_fusion.ts). */
const LISTS = [
  CONSTANTS.slice(0, 3),
  CONSTANTS.slice(3, 8),
  ["'Casual '", "'a'", "'e' || char(769)"],
  CONSTANTS,
].map((list) => list.join(", "));

const IN_QUERIES = LISTS.flatMap((list) => [
  `SELECT id FROM t WHERE v IN (${list})`,
  `SELECT id FROM t WHERE v NOT IN (${list})`,
  `SELECT id, w IN (${list}), v NOT IN (${list}) FROM t`,
  `SELECT u.id, t.v IN (${list}) FROM u LEFT JOIN t ON t.id = u.id`,
]);

const QUERIES = CONSTANTS.flatMap((k) => [
  `SELECT id FROM t WHERE v = ${k}`,
  `SELECT id FROM t WHERE ${k} <> v`,
  `SELECT id FROM t WHERE w = ${k}`,
  `SELECT id, v = ${k} FROM t`,
  `SELECT u.id, t.v = ${k} FROM u LEFT JOIN t ON t.id = u.id`,
  `SELECT id FROM t WHERE v < ${k}`,
  `SELECT id FROM t WHERE v <= ${k}`,
  `SELECT id FROM t WHERE ${k} < v`,
  `SELECT id FROM t WHERE ${k} >= v`,
  `SELECT id, v > ${k}, v >= ${k} FROM t`,
  `SELECT id FROM t WHERE w > ${k}`,
  `SELECT u.id, t.v < ${k}, ${k} > t.v FROM u LEFT JOIN t ON t.id = u.id`,
  // A NULL field makes each comparison NULL, not false: NOT and count() tell them apart.
  `SELECT id FROM t WHERE NOT (v = ${k})`,
  `SELECT id FROM t WHERE NOT (${k} >= v)`,
  `SELECT count(v < ${k}), count(v <> ${k}), count(*) FROM t`,
]).concat(IN_QUERIES);

Deno.test("js text compare: fused byte tests answer as SQLite over edge texts", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, [], { bigints: true });
});

Deno.test("js text compare: the fused test is what runs", () => {
  let fused = 0;
  withEachBackend(SCHEMA, (_oracle, db, backend) => {
    if (backend !== "js") return;
    for (const sql of QUERIES) {
      // Ordering and equality call compareTextBinary; IN lists inListBytes.
      const source = db.prepare(sql).explain();
      if (source.includes("RT.compareTextBinary") || source.includes("RT.inListBytes")) fused++;
    }
  });
  // `w` has no affinity: its comparisons take the constant's TEXT affinity and fuse too.
  assert.ok(fused >= QUERIES.length * 0.8, `only ${fused} of ${QUERIES.length} fused`);
});

Deno.test("wasm text compare: equality and order are compared as bytes in the module", () => {
  // The module calls the runtime's `text_order` only for a fused comparison it runs itself.
  const ordering = QUERIES.filter((q) => /[<>]/.test(q) && !q.includes(" IN ("));
  let fused = 0, ordered = 0;
  withEachBackend(SCHEMA, (_oracle, db, backend) => {
    if (backend !== "wasm") return;
    for (const sql of QUERIES) {
      if (!db.prepare(sql).explain().includes("call $text_order")) continue;
      fused++;
      if (ordering.includes(sql)) ordered++;
    }
  });
  assert.ok(fused >= QUERIES.length * 0.5, `only ${fused} of ${QUERIES.length} fused`);
  assert.ok(ordered >= ordering.length * 0.5, `only ${ordered} of ${ordering.length} ordered`);
});
