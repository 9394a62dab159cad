/**
 * The one list of known gaps: tests/expectations.json maps a suite ("area") to the cases
 * litejit is known to get wrong, each with its reason. A suite fails on a failure that is
 * not listed and on a listed case that now passes, so the list can only shrink.
 */
import { fileURLToPath } from "node:url";

const PATH = fileURLToPath(new URL("../expectations.json", import.meta.url));

/** One listed gap; `seen`: how often a default run of its suite meets it, where counted. */
interface Gap {
  case: string;
  reason: string;
  seen?: number;
}

function gaps(area: string): Gap[] {
  const all = JSON.parse(Deno.readTextFileSync(PATH)) as Record<string, Gap[]>;
  return all[area] ?? [];
}

/** The listed gaps of `area`: case → reason. */
export function knownGaps(area: string): Map<string, string> {
  return new Map(gaps(area).map((e) => [e.case, e.reason]));
}

/** The listed gaps of `area` that record how often a default run meets them: case → count. */
export function knownGapCounts(area: string): Map<string, number> {
  return new Map(gaps(area).flatMap((e) => (e.seen === undefined ? [] : [[e.case, e.seen]])));
}
