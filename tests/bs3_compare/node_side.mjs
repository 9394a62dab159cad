// Runs every case on the real better-sqlite3 and prints the results as JSON:
//   node node_side.mjs <fixture db> <work dir> <dir holding node_modules/better-sqlite3>
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { cases } from "./all_cases.mjs";
import { normalize } from "./harness.mjs";

const [fixture, work, dir] = process.argv.slice(2);
const Database = createRequire(`${dir}/`)("better-sqlite3");
const out = {};
for (const [name, f] of Object.entries(cases)) {
  const folder = `${work}/${name.replace("/", "_")}`;
  mkdirSync(folder, { recursive: true });
  const path = `${folder}/t.db`;
  copyFileSync(fixture, path);
  const write = (sql, file = path) => {
    const db = new Database(file);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };
  out[name] = normalize(f(Database, path, write));
}
process.stdout.write(JSON.stringify(out));
