/**
 * Peak resident set size of this process. On Linux the kernel keeps the high-water mark
 * (`VmHWM` in /proc/self/status) and lets a process reset it (writing 5 to
 * /proc/self/clear_refs), which gives an exact peak per query. Elsewhere the peak is the
 * largest `Deno.memoryUsage().rss` sampled after each run.
 */

const STATUS = "/proc/self/status";

function statusKb(field: string): number | null {
  try {
    const m = Deno.readTextFileSync(STATUS).match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function canResetPeak(): boolean {
  try {
    Deno.writeTextFileSync("/proc/self/clear_refs", "5");
    return statusKb("VmHWM") !== null;
  } catch {
    return false;
  }
}

/** Tracks peak RSS per phase (since the last {@link resetPeak}) and over the whole process. */
export class MemoryProbe {
  /** "VmHWM" (kernel high-water mark) or "sampled rss". */
  readonly source: string;
  #sampledPeak = 0;
  #overall = 0;

  constructor() {
    this.source = canResetPeak() ? "VmHWM" : "sampled rss";
    this.#overall = this.currentMb();
  }

  /** RSS now, in MB. */
  currentMb(): number {
    const kb = statusKb("VmRSS");
    return kb !== null ? kb / 1024 : Deno.memoryUsage().rss / 2 ** 20;
  }

  /** Starts a new phase. */
  resetPeak(): void {
    this.#overall = Math.max(this.#overall, this.peakMb());
    if (this.source === "VmHWM") Deno.writeTextFileSync("/proc/self/clear_refs", "5");
    this.#sampledPeak = this.currentMb();
  }

  /** Records the RSS now (needed only where the kernel keeps no high-water mark). */
  sample(): void {
    if (this.source !== "VmHWM") this.#sampledPeak = Math.max(this.#sampledPeak, this.currentMb());
  }

  /** Peak RSS of the current phase, in MB. */
  peakMb(): number {
    if (this.source === "VmHWM") return (statusKb("VmHWM") ?? 0) / 1024;
    return this.#sampledPeak;
  }

  /** Peak RSS over every phase so far, in MB. */
  overallPeakMb(): number {
    return Math.max(this.#overall, this.peakMb());
  }
}
