/**
 * Summaries of a V8 CPU profile (the `.cpuprofile` format): self time by function and by
 * source file, and inclusive time by function (each function counted once per sample, so
 * recursion does not inflate it).
 *
 *   npx -y deno run -A bench/profile_summary.ts bench/data/profiles/x.cpuprofile [top]
 */

/** The parts of a V8 `.cpuprofile` this reads. */
export interface V8Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** `function (file:line)` with the file relative to the repository. */
function frameName(f: V8Profile["nodes"][number]["callFrame"]): string {
  const file = f.url.replace(/^.*\/work\/main\//, "").replace(/^file:\/\/\//, "") || "(native)";
  return `${f.functionName || "(anonymous)"} (${file}:${f.lineNumber + 1})`;
}

function fileOf(f: V8Profile["nodes"][number]["callFrame"]): string {
  if (!f.url) return f.functionName.startsWith("(") ? f.functionName : "(native/builtins)";
  return f.url.replace(/^.*\/work\/main\//, "").replace(/^.*node_modules\//, "npm:");
}

function top(map: Map<string, number>, total: number, n: number): string[] {
  return [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) =>
    `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`
  );
}

/** Self time per function, self time per file, inclusive time per function. */
export function summarizeProfile(p: V8Profile, n = 20): string {
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const weight = new Map<number, number>(); // node id → sampled µs
  p.samples.forEach((id, i) => weight.set(id, (weight.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  let total = 0;
  const selfFn = new Map<string, number>(), selfFile = new Map<string, number>();
  const incl = new Map<string, number>();
  for (const [id, w] of weight) {
    total += w;
    const f = byId.get(id)!.callFrame;
    selfFn.set(frameName(f), (selfFn.get(frameName(f)) ?? 0) + w);
    selfFile.set(fileOf(f), (selfFile.get(fileOf(f)) ?? 0) + w);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!.callFrame);
      if (!seen.has(name)) incl.set(name, (incl.get(name) ?? 0) + w), seen.add(name);
    }
  }
  return [
    `sampled ${(total / 1000).toFixed(0)} ms`,
    "",
    "self time by function:",
    ...top(selfFn, total, n),
    "",
    "self time by file:",
    ...top(selfFile, total, n),
    "",
    "inclusive time by function:",
    ...top(incl, total, n),
  ].join("\n");
}

if (import.meta.main) {
  const [file, count] = Deno.args;
  if (!file) throw new Error("usage: profile_summary.ts <file.cpuprofile> [top]");
  console.log(summarizeProfile(JSON.parse(Deno.readTextFileSync(file)), Number(count ?? 20)));
}
