// Every comparison case, by name: one file per area, so areas are written independently.
import { cases as basic } from "./cases_basic.mjs";
import { cases as live } from "./cases_live.mjs";
import { cases as runtime } from "./cases_runtime.mjs";
import { cases as surface } from "./cases_surface.mjs";

const files = { basic, live, runtime, surface };

/** Case name ("file/name") → case. */
export const cases = {};
for (const [file, list] of Object.entries(files)) {
  for (const [name, f] of Object.entries(list)) cases[`${file}/${name}`] = f;
}
