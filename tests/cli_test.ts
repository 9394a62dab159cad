/**
 * The command-line interface (cli.ts, cli/**) and the demo (examples/demo.ts), on a
 * database built by node:sqlite, with node:sqlite as the oracle for every value shown:
 * box layout (aligned in terminal columns with wide and combining characters; byte for byte
 * the sqlite3 shell's `-box` on ASCII data), --json and --csv parsed back, errors (SQLite's
 * message, no stack trace, exit 1), dot-commands on piped stdin, --explain, --timer,
 * --bigints, and the demo's first table.
 *
 * Most tests run the CLI in-process (`runCli` on string streams: the suite's permissions
 * have no --allow-run). The subprocess tests (the real entry point, and the system sqlite3
 * shell as a layout oracle) need --allow-run and are reported as ignored without it.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { runCli } from "../cli/main.ts";
import { stringIo } from "../cli/io.ts";
import { displayWidth } from "../cli/width.ts";
import { isCompleteSql } from "../cli/statements.ts";
import { cellLines } from "../cli/value_text.ts";
import { drawQueryPlan } from "../cli/query_plan.ts";
import { runDemo, TOUR } from "../examples/demo.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB, big INTEGER);
INSERT INTO t VALUES
  (1, 'plain', 1.5, x'00ff', 7),
  (2, 'two words', 2.0, NULL, -3),
  (3, NULL, 0.1, x'', 9007199254740993),
  (4, '日本語', 1e300, NULL, NULL),
  (5, 'e' || char(769) || 'x', -0.5, NULL, 0),
  (6, '🌋 fire', NULL, NULL, 1),
  (7, 'a,b"c', 3.25, NULL, -9223372036854775808),
  (8, '', 100.0, NULL, 42),
  (9, 'line1' || char(10) || 'line2', 2.5, NULL, 5);
CREATE INDEX t_name ON t(name);
CREATE TABLE u(x, y PRIMARY KEY);
CREATE VIEW v AS SELECT id, name FROM t;
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `fn` with a fresh copy of the fixture database (and its node:sqlite connection). */
async function withDb(fn: (path: string, oracle: DatabaseSync) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "litejit_cli_" });
  const path = `${dir}/cli.db`;
  const oracle = new DatabaseSync(path);
  try {
    oracle.exec(SCHEMA);
    await fn(path, oracle);
  } finally {
    oracle.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** The CLI in-process with `args`, stdin `input`. */
async function cli(args: string[], input = "", interactive = false): Promise<Run> {
  const io = stringIo(input, { interactive });
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

function assertNoStack(text: string): void {
  assert.doesNotMatch(text, /^\s+at /m, `stack trace printed:\n${text}`);
}

/** The cells of a box table's single-line rows (header first). */
function parseBox(text: string): string[][] {
  return text.split("\n").filter((l) => l.startsWith("│")).map((l) =>
    l.split("│").slice(1, -1).map((c) => c.trim())
  );
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const BORDER = new Set("│┼┬┴├┤┌┐└┘");

/** Display columns of the border characters of one line. */
function borderColumns(line: string): number[] {
  const cols: number[] = [];
  let col = 0;
  for (const { segment } of segmenter.segment(line)) {
    if (BORDER.has(segment)) cols.push(col);
    col += displayWidth(segment);
  }
  return cols;
}

/** Every line of a box table is as wide as the others, with its borders in the same columns. */
function assertAligned(box: string): void {
  const lines = box.split("\n").filter((l) => l !== "");
  assert.ok(lines.length >= 4, box);
  const want = borderColumns(lines[0]);
  for (const line of lines) {
    assert.equal(displayWidth(line), displayWidth(lines[0]), `width of ${line}`);
    assert.deepEqual(borderColumns(line), want, `borders of ${line}`);
  }
}

/** RFC 4180 fields (with whether each was quoted), CRLF records. */
function parseCsv(text: string): { value: string; quoted: boolean }[][] {
  const records: { value: string; quoted: boolean }[][] = [];
  let record: { value: string; quoted: boolean }[] = [];
  let i = 0;
  for (;;) {
    let value = "", quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        assert.ok(q >= 0, "unterminated quoted field");
        value += text.slice(i, q);
        i = q + 1;
        if (text[i] !== '"') break;
        value += '"';
        i++;
      }
    } else {
      const m = /[,\r]/.exec(text.slice(i));
      const end = m ? i + m.index : text.length;
      value = text.slice(i, end);
      i = end;
    }
    record.push({ value, quoted });
    if (text[i] === ",") {
      i++;
      continue;
    }
    assert.equal(text.slice(i, i + 2), "\r\n", "records end with CRLF");
    records.push(record);
    record = [];
    i += 2;
    if (i >= text.length) return records;
  }
}

// ---- units ------------------------------------------------------------------------

Deno.test("cli: display widths (wide 2, combining 0, emoji 2)", () => {
  assert.equal(displayWidth("abc"), 3);
  assert.equal(displayWidth("日本語"), 6);
  assert.equal(displayWidth("e\u0301x"), 2);
  assert.equal(displayWidth("🌋"), 2);
  assert.equal(displayWidth("👩‍👩‍👧"), 2);
  assert.equal(displayWidth("ｆｕｌｌ"), 8);
  assert.equal(displayWidth("서울"), 4);
  assert.equal(displayWidth("\u1109\u1165\u110b\u116e\u11af"), 4); // 서울 in conjoining jamo
  assert.equal(displayWidth("Ísland"), 6);
});

Deno.test("cli: cell text is terminal-safe (tabs, control characters, line breaks)", () => {
  assert.deepEqual(cellLines("a\x01\tb\x1b[31m"), ["a^A     b^[[31m"]);
  assert.deepEqual(cellLines("日\tx"), ["日      x"]);
  assert.deepEqual(cellLines("one\r\ntwo\nthree\rfour"), ["one", "two", "three", "four"]);
  assert.deepEqual(cellLines("\x7f\x85"), ["^?<U+0085>"]);
});

Deno.test("cli: statement completeness follows SQLite's tokens", () => {
  assert.equal(isCompleteSql("select 1;"), true);
  assert.equal(isCompleteSql("select 1; -- done"), true);
  assert.equal(isCompleteSql("select 1;\n  "), true);
  assert.equal(isCompleteSql("select ';'"), false);
  assert.equal(isCompleteSql('select "a;b"'), false);
  assert.equal(isCompleteSql("select 1 /* ; */"), false);
  assert.equal(isCompleteSql("select 1; /* still open"), false);
  assert.equal(isCompleteSql("select 1 -- ;"), false);
  assert.equal(isCompleteSql(""), false);
});

// ---- box --------------------------------------------------------------------------

Deno.test("cli: box mode shows node:sqlite's values, aligned in terminal columns", async () => {
  await withDb(async (path, oracle) => {
    const sql = "SELECT id, name, big FROM t WHERE id <> 9 ORDER BY id";
    const r = await cli([path, sql]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    assertAligned(r.stdout);
    const rows = parseBox(r.stdout);
    assert.deepEqual(rows[0], ["id", "name", "big"]);
    const st = oracle.prepare(sql);
    st.setReadBigInts(true);
    const want = st.all().map((o) =>
      Object.values(o).map((v) => v === null ? "NULL" : String(v).trim())
    );
    assert.deepEqual(rows.slice(1), want);
    // Header centred, values left-aligned, as sqlite3 -box.
    assert.match(r.stdout, /│ {3}name {4}│/);
    assert.match(r.stdout, /│ 日本語 {4}│/);
  });
});

Deno.test("cli: box mode writes REAL, BLOB and NULL as documented; multi-line rows", async () => {
  await withDb(async (path, oracle) => {
    const sql = "SELECT score, data, name FROM t WHERE id IN (1, 2, 3, 4, 9) ORDER BY id";
    const r = await cli([path, sql]);
    assert.equal(r.code, 0, r.stderr);
    assertAligned(r.stdout);
    // SQLite's own text for REALs and X'..' literals for BLOBs, from node:sqlite.
    const want = oracle.prepare(
      "SELECT CAST(score AS TEXT) AS s, CASE WHEN data IS NULL THEN 'NULL' ELSE " +
        "'X''' || hex(data) || '''' END AS d FROM t WHERE id IN (1, 2, 3, 4, 9) ORDER BY id",
    ).all() as { s: string | null; d: string }[];
    const lines = r.stdout.split("\n");
    for (const { s, d } of want) {
      assert.ok(lines.some((l) => l.includes(`│ ${s ?? "NULL"} `) && l.includes(`│ ${d} `)), s!);
    }
    // A value with a line break spans two lines, and rows get separator lines.
    assert.match(r.stdout, /│ line1 +│\n│ +│ +│ line2 +│/);
    assert.equal(r.stdout.split("\n").filter((l) => l.startsWith("├")).length, 5);
  });
});

Deno.test("cli: several statements in one argument run in turn; empty results print nothing", async () => {
  await withDb(async (path) => {
    const r = await cli([path, "SELECT 1 AS a; SELECT 2 AS b WHERE 0;; SELECT 3 AS c"]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(parseBox(r.stdout), [["a"], ["1"], ["c"], ["3"]]);
  });
});

// ---- json / csv -------------------------------------------------------------------

Deno.test("cli: --json parses back to node:sqlite's rows", async () => {
  await withDb(async (path, oracle) => {
    const sql = "SELECT id, name, score, big FROM t WHERE id <> 3 AND id <> 7 ORDER BY id";
    const r = await cli(["--json", path, sql]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), oracle.prepare(sql).all().map((o) => ({ ...o })));
    const empty = await cli(["--json", path, "SELECT 1 WHERE 0"]);
    assert.equal(empty.stdout, "[]\n");
  });
});

Deno.test("cli: --json integers beyond 2^53 as strings, --bigints as digits; blobs as X''", async () => {
  await withDb(async (path, oracle) => {
    const sql = "SELECT big, data FROM t WHERE id IN (1, 3, 7) ORDER BY id";
    const st = oracle.prepare(sql);
    st.setReadBigInts(true);
    const want = st.all() as { big: bigint; data: Uint8Array | null }[];
    const hex = (b: Uint8Array | null) =>
      b && `X'${[...b].map((x) => x.toString(16).padStart(2, "0")).join("").toUpperCase()}'`;
    const safe = await cli(["--json", path, sql]);
    assert.equal(safe.code, 0, safe.stderr);
    assert.deepEqual(
      JSON.parse(safe.stdout),
      want.map(({ big, data }) => ({
        big: Number.isSafeInteger(Number(big)) ? Number(big) : String(big),
        data: hex(data),
      })),
    );
    const exact = await cli(["--json", "--bigints", path, sql]);
    assert.equal(exact.code, 0, exact.stderr);
    for (const { big } of want) assert.ok(exact.stdout.includes(`{"big":${big},`), String(big));
  });
});

Deno.test("cli: --csv is RFC 4180 with a header and parses back to node:sqlite's text", async () => {
  await withDb(async (path, oracle) => {
    const r = await cli(["--csv", path, "SELECT id, name, score, data FROM t ORDER BY id"]);
    assert.equal(r.code, 0, r.stderr);
    const records = parseCsv(r.stdout);
    assert.deepEqual(records[0].map((f) => f.value), ["id", "name", "score", "data"]);
    const want = oracle.prepare(
      "SELECT CAST(id AS TEXT), name, CAST(score AS TEXT), CASE WHEN data IS NULL THEN NULL " +
        "ELSE 'X''' || hex(data) || '''' END FROM t ORDER BY id",
    );
    const rows = want.all().map((o) => Object.values(o) as (string | null)[]);
    assert.equal(records.length - 1, rows.length);
    rows.forEach((row, i) =>
      row.forEach((v, j) => {
        const f = records[i + 1][j];
        if (v === null) assert.deepEqual(f, { value: "", quoted: false }, `row ${i} col ${j}`);
        else assert.equal(f.value, v, `row ${i} col ${j}`);
        if (v === "") assert.equal(f.quoted, true, "the empty text is quoted, unlike NULL");
      })
    );
  });
});

// ---- errors -----------------------------------------------------------------------

Deno.test("cli: errors print SQLite's message, no stack trace, exit 1", async () => {
  await withDb(async (path, oracle) => {
    const cases: [string, string][] = [
      ["SELECT nope FROM t", "in prepare"],
      ["SELEC 1", "in prepare"],
      ["SELECT 'abc", "in prepare"],
      ["SELECT abs(-9223372036854775808)", "stepping"],
      ["SELECT * FROM missing", "in prepare"],
    ];
    for (const [sql, phase] of cases) {
      let message = "";
      try {
        oracle.prepare(sql).all();
        assert.fail(`node:sqlite ran ${sql}`);
      } catch (e) {
        message = (e as Error).message;
      }
      const r = await cli([path, "SELECT 1", sql, "SELECT 2"]);
      assert.equal(r.code, 1, sql);
      assert.ok(r.stderr.startsWith(`Error: ${phase}, ${message}\n`), `${sql}: ${r.stderr}`);
      assertNoStack(r.stderr);
      assert.deepEqual(parseBox(r.stdout), [["1"], ["1"]], "stops at the first error");
    }
    const caret = await cli([path, "SELECT 1,\n  nope FROM t"]);
    assert.ok(caret.stderr.endsWith("    nope FROM t\n    ^--- error here\n"), caret.stderr);
    // A write prepares, as in SQLite, and fails when stepped.
    const writes = await cli([path, "DELETE FROM t"]);
    assert.equal(writes.code, 1);
    assert.equal(writes.stderr, "Error: stepping, attempt to write a readonly database\n");
  });
});

Deno.test("cli: open failures and bad options exit 1 with one message", async () => {
  const missing = await cli(["/nonexistent/dir/x.db", "SELECT 1"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^Error: unable to open database file/);
  const backend = await cli(["--backend", "nope", ":memory:", "SELECT 1"]);
  assert.equal(backend.code, 1);
  assert.match(backend.stderr, /^Error: unknown backend "nope"/);
  const option = await cli(["--frobnicate"]);
  assert.equal(option.code, 1);
  assert.match(option.stderr, /^Error: unknown option: --frobnicate\nUsage:/);
  for (const r of [missing, backend, option]) assertNoStack(r.stderr);
  const memory = await cli(["SELECT 1 + 1 AS two"]);
  assert.equal(memory.code, 1, "the first argument is the database");
  const empty = await cli([":memory:", "SELECT 1 + 1 AS two"]);
  assert.deepEqual(parseBox(empty.stdout), [["two"], ["2"]]);
});

// ---- stdin and dot-commands --------------------------------------------------------

Deno.test("cli: dot-commands on piped stdin answer from the schema as node:sqlite has it", async () => {
  await withDb(async (path, oracle) => {
    const names = (sql: string) =>
      (oracle.prepare(sql).all() as { name: string }[]).map((r) => r.name);
    const tables = await cli([path], ".tables\n");
    assert.equal(tables.code, 0, tables.stderr);
    assert.deepEqual(
      tables.stdout.split(/\s+/).filter(Boolean),
      names(
        "SELECT name FROM sqlite_schema WHERE type IN ('table','view') " +
          "AND name NOT LIKE 'sqlite_%' ORDER BY 1",
      ),
    );
    const indexes = await cli([path], ".indexes\n");
    assert.deepEqual(
      indexes.stdout.split(/\s+/).filter(Boolean),
      names("SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY 1"),
    );
    const schema = await cli([path], ".schema t\n");
    const sqls = (oracle.prepare(
      "SELECT sql FROM sqlite_schema WHERE sql NOT NULL AND (name = 't' OR tbl_name = 't') " +
        "ORDER BY rowid",
    ).all() as { sql: string }[]).map((r) => r.sql + ";\n");
    assert.equal(schema.stdout, sqls.join(""));
    const view = await cli([path], ".schema v\n");
    assert.match(
      view.stdout,
      /^CREATE VIEW v AS SELECT id, name FROM t\n\/\* v\(id,name\) \*\/;\n$/,
    );
  });
});

Deno.test("cli: piped statements span lines, .mode switches, .quit stops, errors carry on", async () => {
  await withDb(async (path) => {
    const input = [
      "SELECT id",
      "  FROM t WHERE id < 3",
      "  ORDER BY id;",
      ".mode csv",
      "SELECT name FROM t WHERE id = 1; SELECT 'x;y' AS s;",
      ".mode",
      "SELECT nope;",
      ".timer on",
      "SELECT 7 AS seven;",
      ".quit",
      "SELECT 'after quit';",
    ].join("\n") + "\n";
    const r = await cli([path], input);
    assert.equal(r.code, 1, "an error along the way makes the exit code 1");
    assert.ok(r.stdout.startsWith("┌────┐\n│ id │\n├────┤\n│ 1  │\n│ 2  │\n└────┘\n"), r.stdout);
    assert.ok(r.stdout.includes("name\r\nplain\r\ns\r\nx;y\r\ncurrent output mode: csv\n"));
    assert.match(r.stdout, /seven\r\n7\r\nPrepare: \d+\.\d{3} ms {2}Run: \d+\.\d{3} ms\n$/);
    assert.ok(!r.stdout.includes("after quit"));
    assert.equal(
      r.stderr,
      "Parse error near line 7: no such column: nope\n  SELECT nope;\n         ^--- error here\n",
    );
    const tail = await cli([":memory:"], "SELECT 1 AS a;\nSELECT 2 AS b");
    assert.deepEqual(parseBox(tail.stdout), [["a"], ["1"], ["b"], ["2"]], "last line without ;");
    const bad = await cli([":memory:"], ".nosuch\n");
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /unknown command or invalid arguments: {2}"nosuch"/);
  });
});

Deno.test("cli: prompts on a terminal; .help, .backend, .show", async () => {
  const r = await cli([":memory:"], "SELECT 1\n;\n.help\n.backend\n.show\n", true);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stdout.includes("litejit> "));
  assert.ok(r.stdout.includes("    ...> "));
  for (const c of [".tables", ".schema", ".indexes", ".mode", ".timer", ".backend", ".quit"]) {
    assert.match(r.stdout, new RegExp(`^(litejit> )?\\${c} `, "m"), `.help lists ${c}`);
  }
  assert.match(r.stdout, /tiered \(available: [a-z, ]+\)/);
  const sw = await cli([":memory:"], ".backend interpreter\n.backend nope\n");
  assert.equal(sw.code, 1);
  assert.match(sw.stderr, /^Error: unknown backend "nope"/);
});

// ---- explain / timer ---------------------------------------------------------------

Deno.test("cli: --explain prints the bytecode and node:sqlite's query plan tree, runs nothing", async () => {
  await withDb(async (path, oracle) => {
    const sql = "SELECT id FROM t WHERE name = 'plain'";
    const r = await cli(["--backend", "interpreter", "--explain", path, sql]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^addr +opcode +p1 +p2 +p3 +p4 +p5 +comment\n/);
    assert.match(r.stdout, /\bHalt\b/);
    const eqp = oracle.prepare("EXPLAIN QUERY PLAN " + sql).all().map((o) => Object.values(o));
    const tree = drawQueryPlan(eqp as never);
    assert.ok(r.stdout.endsWith(tree), `${r.stdout}\nwant\n${tree}`);
    assert.ok(!r.stdout.includes("┌"), "--explain does not run the statement");
    const plan = await cli(["--explain=plan", path, sql]);
    assert.equal(plan.stdout, tree);
    const typed = await cli([path, "EXPLAIN QUERY PLAN " + sql]);
    assert.equal(typed.stdout, tree);
  });
});

/** What `--explain=bytecode` starts with for each code-generating backend. */
const GENERATED_PROGRAM: Readonly<Record<string, RegExp>> = {
  js: /^function \(K, RT, FILE, ENC, P, CTX, W\) \{\n[^]*switch \(pc\)/,
  wasm: /^\(module \$litejit\n[^]*\(func \$run [^]*;; imported as host\.seg/,
};

for (const [backend, program] of Object.entries(GENERATED_PROGRAM)) {
  Deno.test(`cli: --backend ${backend} --explain prints the generated program; it answers as the interpreter`, async () => {
    await withDb(async (path) => {
      // A scan (`<>` takes no index) with a native filter, so that wasm builds a module.
      const sql = "SELECT id, name FROM t WHERE big > 0 AND name <> 'plain'";
      const r = await cli(["--backend", backend, "--explain=bytecode", path, sql]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, program);
      assert.ok(!r.stdout.includes("plain"), "a literal of the query in the generated program");
      const generated = await cli(["--backend", backend, path, sql]);
      const interpreter = await cli(["--backend", "interpreter", path, sql]);
      assert.equal(generated.code, 0, generated.stderr);
      assert.equal(generated.stdout, interpreter.stdout);
    });
  });
}

Deno.test("cli: --timer prints prepare and run times", async () => {
  await withDb(async (path) => {
    const r = await cli(["--timer", path, "SELECT count(*) AS n FROM t; SELECT 1 AS x"]);
    assert.equal(r.code, 0, r.stderr);
    const timers = r.stdout.split("\n").filter((l) => l.startsWith("Prepare"));
    assert.equal(timers.length, 2);
    for (const t of timers) assert.match(t, /^Prepare: \d+\.\d{3} ms {2}Run: \d+\.\d{3} ms$/);
  });
});

// ---- demo -------------------------------------------------------------------------

Deno.test("demo: its first table is node:sqlite's answer; it runs in a few seconds", () => {
  const path = new URL("../examples/sample.db", import.meta.url).pathname;
  let out = "";
  const t0 = performance.now();
  runDemo(path, (text) => void (out += text));
  assert.ok(performance.now() - t0 < 5000, "the demo is quick");
  const first = out.slice(out.indexOf(TOUR[0].sql));
  const box = first.slice(first.indexOf("┌"), first.indexOf("┘") + 2);
  assertAligned(box);
  const oracle = new DatabaseSync(path, { readOnly: true });
  try {
    const want = oracle.prepare(TOUR[0].sql).all().map((o) => Object.values(o).map(String));
    assert.deepEqual(parseBox(box).slice(1), want);
  } finally {
    oracle.close();
  }
  assert.match(out, /QUERY PLAN\n`--SEARCH trips USING INDEX trips_start/);
  assert.match(out, /│ interpreter +│ \d+\.\d{3} +│ \d+\.\d{3} +│ same rows │/);
});

// ---- subprocesses -----------------------------------------------------------------

const canRun = (await Deno.permissions.query({ name: "run" })).state === "granted";
const CLI = new URL("../cli.ts", import.meta.url).pathname;

async function spawn(cmd: string, args: string[], input = ""): Promise<Run> {
  const child = new Deno.Command(cmd, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  const dec = new TextDecoder();
  return { code, stdout: dec.decode(stdout), stderr: dec.decode(stderr) };
}

function cliProcess(args: string[], input = ""): Promise<Run> {
  return spawn(Deno.execPath(), ["run", "--allow-read", CLI, ...args], input);
}

Deno.test({
  name: "cli process: exit codes, stderr without stack traces, piped stdin (needs --allow-run)",
  ignore: !canRun,
  fn: async () => {
    await withDb(async (path) => {
      const ok = await cliProcess([path, "SELECT count(*) AS n FROM t"]);
      assert.equal(ok.code, 0, ok.stderr);
      assert.deepEqual(parseBox(ok.stdout), [["n"], ["9"]]);
      const bad = await cliProcess([path, "SELECT nope"]);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /^Error: in prepare, no such column: nope\n/);
      assertNoStack(bad.stderr);
      const piped = await cliProcess([path], ".mode csv\nSELECT id FROM t WHERE id < 3;\n.quit\n");
      assert.equal(piped.code, 0, piped.stderr);
      assert.equal(piped.stdout, "id\r\n1\r\n2\r\n");
    });
  },
});

const hasSqlite3 = canRun && await new Deno.Command("sqlite3", { args: ["-version"] }).output()
  .then((o) => o.success, () => false);

Deno.test({
  name: "cli process: box layout is the sqlite3 shell's -box, byte for byte, on ASCII data",
  ignore: !hasSqlite3,
  fn: async () => {
    await withDb(async (path) => {
      for (
        const sql of [
          "SELECT id, name, score FROM t WHERE id IN (1, 2, 7, 8) ORDER BY id",
          "SELECT id, name AS n, big AS 'a long header' FROM t WHERE id IN (2, 9) ORDER BY id",
          "SELECT count(*), sum(score), max(big) FROM t",
          "SELECT 1 AS x; SELECT id FROM t WHERE id = 2",
        ]
      ) {
        const want = await spawn("sqlite3", ["-box", path, sql]);
        const got = await cli(["--nullvalue", "", path, sql]);
        assert.equal(got.stdout, want.stdout, sql);
      }
      // The query plan drawing, against the shell's.
      const eqp = "EXPLAIN QUERY PLAN SELECT * FROM t WHERE name = 'x' UNION SELECT * FROM t";
      const want = await spawn("sqlite3", [path, eqp]);
      const got = await cli([path, eqp]);
      assert.equal(got.stdout, want.stdout);
    });
  },
});
