/**
 * The one list of known gaps: tests/expectations.json maps a suite ("area") to the cases
 * litejit is known to get wrong, each with its reason. A suite fails on a failure that is
 * not listed and on a listed case that now passes, so the list can only shrink.
 */
import { fileURLToPath } from "node:url";

const PATH = fileURLToPath(new URL("../expectations.json", import.meta.url));

/** The listed gaps of `area`: case → reason. */
export function knownGaps(area: string): Map<string, string> {
  const all = JSON.parse(Deno.readTextFileSync(PATH)) as Record<
    string,
    { case: string; reason: string }[]
  >;
  return new Map((all[area] ?? []).map((e) => [e.case, e.reason]));
}
