// Runs cases.mjs on the real better-sqlite3: node node_side.mjs <db path> <dir with node_modules/better-sqlite3>
import { createRequire } from "node:module";
import { cases, normalize } from "./cases.mjs";

const [path, dir] = process.argv.slice(2);
const Database = createRequire(`${dir}/`)("better-sqlite3");
const out = {};
for (const [name, f] of Object.entries(cases)) out[name] = normalize(f(Database, path));
process.stdout.write(JSON.stringify(out));
