/**
 * Runs the same SELECT in node:sqlite and in litejit (public API, interpreter backend) and
 * reports both results comparably: rows of [typeof, value] per column, or the error text.
 */
import { DatabaseSync } from "node:sqlite";
import { Database } from "../../mod.ts";

/** One engine's answer. */
export type Answer = { rows: unknown[][] } | { error: string };

/** A pair of engines over the same (empty, one-table) database. */
export class JsonOracle {
  readonly ref: DatabaseSync;
  readonly ours: Database;
  private readonly dir: string;

  constructor() {
    this.dir = Deno.makeTempDirSync({ prefix: "litejit_json_" });
    const path = `${this.dir}/j.db`;
    const setup = new DatabaseSync(path);
    setup.exec(`CREATE TABLE t(x); INSERT INTO t VALUES (1);
      CREATE TABLE d(id INTEGER PRIMARY KEY, j);
      INSERT INTO d(j) VALUES (jsonb('{"a":[1,2,{"b":"x"}],"c":0x10,"d":.5}')), ('[1,2]'),
        (jsonb('"s\\u0041"')), (jsonb_set('{"k":{"x":"long text here"}}', '$.k.x', 1)),
        (jsonb(printf('[%.*c]', 400, '7'))), (x'0b'), (x'ffff'), (NULL), (json_object('q', 1))`);
    setup.close();
    this.ref = new DatabaseSync(path, { readOnly: true });
    this.ours = new Database(Deno.readFileSync(path), { readBigInts: true });
  }

  /** Closes both and removes the temp directory. */
  close(): void {
    this.ref.close();
    this.ours.close();
    Deno.removeSync(this.dir, { recursive: true });
  }

  /** node:sqlite's answer. */
  sqlite(sql: string, params: unknown[] = []): Answer {
    try {
      const st = this.ref.prepare(sql);
      st.setReadBigInts(true);
      // deno-lint-ignore no-explicit-any
      const rows = st.all(...(params as any[])).map((r) => Object.values(r));
      return { rows };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }

  /** litejit's answer. */
  litejit(sql: string, params: unknown[] = []): Answer {
    try {
      // deno-lint-ignore no-explicit-any
      return { rows: this.ours.prepare(sql).values(...(params as any[])) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }

  /** Both answers and whether they agree. */
  compare(sql: string, params: unknown[] = []): { ok: boolean; want: Answer; got: Answer } {
    const want = this.sqlite(sql, params);
    const got = this.litejit(sql, params);
    return { ok: show(want) === show(got), want, got };
  }
}

/** A stable rendering of an answer (bigints, blobs and strings distinguishable). */
export function show(a: Answer): string {
  return JSON.stringify(a, (_k, v) => {
    if (typeof v === "bigint") return `${v}n`;
    if (v instanceof Uint8Array) {
      return `x'${[...v].map((b) => b.toString(16).padStart(2, "0")).join("")}'`;
    }
    if (typeof v === "number") return Object.is(v, -0) ? "-0" : `${v}`;
    return v;
  });
}
