/**
 * Long, mixed-script station descriptions for the benchmark databases: the "long UTF-8
 * text" and "long UTF-16 text" queries read them back. Each is 2,000–30,000 characters
 * (overflow pages), mostly Latin with accented, Greek, Cyrillic, CJK and astral (emoji)
 * runs, so UTF-16 decoding meets surrogate pairs and every UTF-8 length.
 */
import type { Rng } from "./make_trips_db.ts";

const PHRASES = [
  "Docks face the street; the kiosk takes cards and keys. ",
  "Près de la bibliothèque, à deux pas du métro — café crème à côté. ",
  "Ωραία διαδρομή κατά μήκος του ποταμού. ",
  "Станция у набережной, рядом парк и мост. ",
  "川沿いの自転車道、桜の季節はとても綺麗です。",
  "강변 자전거 도로, 봄에는 벚꽃이 핍니다. ",
  "Ride safe 🚲🌳🌉 and return before the half hour ⏱️. ",
  "Straße über die Brücke, dann links — Öffnungszeiten ganzjährig. ",
  "Open 24/7 from April through November; winter hours vary by municipality. ",
];

/** The description of station `id`, drawn from `rng`. */
export function stationDescription(id: number, rng: Rng): string {
  const target = 2000 + rng.int(28_000);
  const parts = [`Station ${id}. `];
  let length = parts[0].length;
  while (length < target) {
    const p = PHRASES[rng.int(PHRASES.length)];
    parts.push(p);
    length += p.length;
  }
  return parts.join("");
}
