/**
 * The real-world check (`deno task check:realworld`, tests/support/realworld.ts) as a
 * test: the Chinook statements and the differential repro statements kept in ../shared
 * agree with node:sqlite on every backend at least as often as they did when this floor
 * was last raised (raise it as misses are fixed; it never goes down). Ignored, saying
 * so, where ../shared is absent.
 */
import assert from "node:assert/strict";
import { TEST_BACKENDS } from "./support/backends.ts";
import {
  checkStatements,
  realworldStatements,
  reproStatements,
  SHARED_DIR,
  sharedDataPresent,
} from "./support/realworld.ts";

/** Statements that agree on every backend, at least: [Chinook, repro]. */
const FLOOR = { realworld: 762, repro: 5 };

const ignore = !sharedDataPresent();
if (ignore) console.log(`realworld_test: ${SHARED_DIR} is absent; the check is ignored`);

for (
  const [name, statements] of [["realworld", realworldStatements], [
    "repro",
    reproStatements,
  ]] as const
) {
  Deno.test({
    name: `real-world statements (${name}) agree with node:sqlite on every backend`,
    ignore,
    fn() {
      const r = checkStatements(statements(), TEST_BACKENDS);
      const misses = r.misses.map((m) => `${m.statement.origin}: ${[...m.why.values()][0]}`);
      for (const [backend, n] of r.agree) {
        assert.ok(
          n >= FLOOR[name],
          `${backend}: ${n}/${r.total} agree, below the floor ${FLOOR[name]}\n${misses.join("\n")}`,
        );
      }
    },
  });
}
