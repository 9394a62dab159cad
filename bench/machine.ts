/** The machine a benchmark ran on, as the tables print it (bench/table.ts, bench/generated.ts). */
import { DatabaseSync } from "node:sqlite";
import type { Machine } from "./table_format.ts";

/** CPU, cores, OS, Deno, V8 and node:sqlite's SQLite versions, today's date and the load now. */
export function machine(): Machine {
  let cpu = "unknown CPU";
  try {
    cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.*)$/m)?.[1] ?? cpu;
  } catch { /* not Linux */ }
  const db = new DatabaseSync(":memory:");
  const { v } = db.prepare("SELECT sqlite_version() AS v").get() as { v: string };
  db.close();
  return {
    cpu,
    cores: navigator.hardwareConcurrency,
    os: `${Deno.build.os} ${Deno.build.arch}`,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    sqlite: v,
    date: new Date().toISOString().slice(0, 10),
    load: loadAverage(),
  };
}

/** The 1, 5 and 15 minute load averages ("n/a" off Linux). */
export function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}
