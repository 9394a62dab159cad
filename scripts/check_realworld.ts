/**
 * `deno task check:realworld`: runs the real-world Chinook statements and the differential
 * repro statements in ../shared on node:sqlite and on every litejit backend, prints each
 * statement some backend answers differently (SQL, why, both query plans) and, per
 * backend, how many agree. Exits 1 on any disagreement, 2 when ../shared is absent.
 *
 * Options: `--backend=NAME` (repeatable) limits the backends; `--quiet` prints only the
 * summary.
 */
import { AVAILABLE_BACKENDS } from "../backends/all.ts";
import type { BackendName } from "../core/backend.ts";
import {
  type CheckResult,
  checkStatements,
  realworldStatements,
  reproStatements,
  SHARED_DIR,
  sharedDataPresent,
} from "../tests/support/realworld.ts";

function backendsFromArgs(args: readonly string[]): BackendName[] {
  const named = args.filter((a) => a.startsWith("--backend=")).map((a) => a.slice(10));
  for (const n of named) {
    if (!AVAILABLE_BACKENDS.includes(n as BackendName)) {
      console.error(`unknown backend ${n} (known: ${AVAILABLE_BACKENDS.join(", ")})`);
      Deno.exit(2);
    }
  }
  return named.length > 0 ? named as BackendName[] : [...AVAILABLE_BACKENDS];
}

function report(title: string, r: CheckResult, quiet: boolean): void {
  if (!quiet) {
    for (const m of r.misses) {
      console.log(`--- ${m.statement.origin} (${m.statement.db.split("/").pop()})`);
      console.log(m.statement.sql);
      for (const [b, why] of m.why) console.log(`  ${b}: ${why}`);
      console.log(`  plan node:sqlite: ${m.plans.sqlite}`);
      console.log(`  plan litejit:     ${m.plans.litejit}`);
    }
  }
  for (const [b, n] of r.agree) console.log(`${title} ${b}: ${n}/${r.total} agree`);
}

if (import.meta.main) {
  if (!sharedDataPresent()) {
    console.error(
      `check:realworld needs the reference data in ${SHARED_DIR} (realworld/chinook.sql and ` +
        `repro/differential/); it is not there, nothing was checked.`,
    );
    Deno.exit(2);
  }
  const backends = backendsFromArgs(Deno.args);
  const quiet = Deno.args.includes("--quiet");
  const realworld = checkStatements(realworldStatements(), backends);
  report("realworld", realworld, quiet);
  const repro = checkStatements(reproStatements(), backends);
  report("repro", repro, quiet);
  Deno.exit(realworld.misses.length + repro.misses.length === 0 ? 0 : 1);
}
