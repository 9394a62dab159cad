/**
 * One engine's process for the generated benchmark (`generated.ts`): like `measure.ts
 * --serve`, it answers requests on stdin with one JSON line each, but the requests carry
 * the SQL text (the queries are generated, not named), and a query gets a shorter warm-up
 * than the hand-picked table's, so that 200 queries fit in a quarter of an hour.
 *
 *   npx -y deno run -A --v8-flags=--expose-gc bench/generated_measure.ts "litejit js"
 *
 * Requests ({@link GenRequest}): `prepare` (prepare, one checked run whose rows are
 * digested, then untimed warm-up runs), `rows` (the rows again as canonical text, to show
 * a mismatch), `sample` (one timed sample), `finish` (forget the statement), `exit`.
 */
import { type BenchStatement, type Engine, openEngine } from "./engines.ts";
import { TRIPS_DB } from "./make_trips_db.ts";
import { lines } from "./measure.ts";
import { digestRows, rowText } from "./results.ts";

/** What a `generated_measure.ts` process is asked, one JSON line each. */
export type GenRequest =
  /** Prepare `sql`, run it once (rows digested; as a multiset unless `ordered`), warm up. */
  | { op: "prepare"; sql: string; ordered: boolean; warmMs: number }
  /** The prepared query's rows as canonical text (sorted unless ordered), at most `max`. */
  | { op: "rows"; max: number }
  /**
   * One timed sample of the prepared query: the mean time of its batch of runs; with
   * `gc`, each run follows a full garbage collection (not timed), as a server's runs do.
   */
  | { op: "sample"; gc?: boolean }
  /** Forget the prepared query. */
  | { op: "finish" }
  /** Close the engine and exit. */
  | { op: "exit" };

/** The answer to `prepare`. */
export interface Prepared {
  rows: number;
  digest: string;
  prepareMs: number;
  /** The checked run (rows collected). */
  firstMs: number;
  /** Runs per timed sample (fast queries are timed in batches of about 20 ms). */
  callsPerSample: number;
  /**
   * `wasm` only: the statement runs a WebAssembly module. When it does not (no table scan
   * pays off natively), the wasm backend runs the js backend's generated function.
   */
  native?: boolean;
}

/** Rows in a canonical order, for queries whose row order is not determined. */
function sortedRows(rows: unknown[]): unknown[] {
  const keyed = rows.map((r) => [rowText(r), r] as const);
  keyed.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return keyed.map(([, r]) => r);
}

/** The shortest timed sample: fast queries are run in batches up to it. */
const SAMPLE_MS = 20;
/** The most runs in a sample taken with a GC before each. */
const GC_BATCH = 20;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

interface Current {
  st: BenchStatement;
  ordered: boolean;
  callsPerSample: number;
}

function prepare(engine: Engine, sql: string, ordered: boolean, warmMs: number) {
  gc();
  const t0 = performance.now();
  const st = engine.prepare(TRIPS_DB, sql);
  const t1 = performance.now();
  const rows = st.all();
  const t2 = performance.now();
  const digest = digestRows(ordered ? rows : sortedRows(rows));
  const n = rows.length;
  // The checked run warms up too; a query faster than `warmMs` gets more untimed runs.
  let typical = t2 - t1;
  const until = t1 + warmMs;
  while (performance.now() < until) {
    const t = performance.now();
    st.all();
    typical = performance.now() - t;
  }
  const callsPerSample = Math.max(
    1,
    Math.min(1000, Math.ceil(SAMPLE_MS / Math.max(typical, 1e-3))),
  );
  const answer: Prepared = {
    rows: n,
    digest,
    prepareMs: t1 - t0,
    firstMs: t2 - t1,
    callsPerSample,
  };
  if (engine.name === "litejit wasm") answer.native = st.explain?.().startsWith("(module");
  return { current: { st, ordered, callsPerSample }, answer };
}

async function serve(engineName: string): Promise<void> {
  const engine = await openEngine(engineName);
  let current: Current | null = null;
  const answer = (x: unknown) => console.log(JSON.stringify(x));
  for await (const line of lines(Deno.stdin.readable)) {
    const req = JSON.parse(line) as GenRequest;
    try {
      if (req.op === "prepare") {
        current = null;
        const p = prepare(engine, req.sql, req.ordered, req.warmMs);
        current = p.current;
        answer(p.answer);
      } else if (req.op === "rows") {
        const rows = current!.st.all();
        const texts = (current!.ordered ? rows : sortedRows(rows)).slice(0, req.max).map(rowText);
        answer({ texts, total: rows.length });
      } else if (req.op === "sample") {
        const c = current!;
        let ms = 0, calls = c.callsPerSample;
        if (req.gc) {
          // A GC takes milliseconds: fast queries get a shorter batch.
          calls = Math.min(calls, GC_BATCH);
          for (let k = 0; k < calls; k++) {
            gc();
            const t = performance.now();
            c.st.all();
            ms += performance.now() - t;
          }
        } else {
          const t = performance.now();
          for (let k = 0; k < c.callsPerSample; k++) c.st.all();
          ms = performance.now() - t;
        }
        answer({ ms: ms / calls });
      } else if (req.op === "finish") {
        current = null;
        gc();
        answer({ ok: true });
      } else {
        engine.close();
        answer({ ok: true });
        return;
      }
    } catch (e) {
      answer({ error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
    }
  }
}

if (import.meta.main) {
  const engineName = Deno.args[0];
  if (!engineName) throw new Error('usage: generated_measure.ts "<engine>"');
  await serve(engineName);
}
