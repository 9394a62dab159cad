/**
 * Where the CLI reads and writes: the process's stdin/stdout/stderr, or (in tests) strings.
 */

/** The CLI's input and output. */
export interface CliIo {
  /** Writes to stdout. */
  out(text: string): void;
  /** Writes to stderr. */
  err(text: string): void;
  /** The lines of stdin, without their line ends. */
  lines(): AsyncIterable<string>;
  /** Whether stdin is a terminal (then prompts are shown). */
  readonly interactive: boolean;
  /** Whether stdout is a terminal that may get ANSI colours. */
  readonly color: boolean;
}

const encoder = new TextEncoder();

function writeAll(target: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = encoder.encode(text);
  for (let at = 0; at < bytes.length;) at += target.writeSync(bytes.subarray(at));
}

/** Lines of a stream of text chunks (`\n` or `\r\n` line ends; a last line without one too). */
export async function* splitLines(chunks: AsyncIterable<string>): AsyncIterable<string> {
  let pending = "";
  for await (const chunk of chunks) {
    pending += chunk;
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, nl).replace(/\r$/, "");
      pending = pending.slice(nl + 1);
    }
  }
  if (pending !== "") yield pending.replace(/\r$/, "");
}

/** The process's standard streams. */
export function denoIo(): CliIo {
  return {
    out: (text) => writeAll(Deno.stdout, text),
    err: (text) => writeAll(Deno.stderr, text),
    lines: () => splitLines(Deno.stdin.readable.pipeThrough(new TextDecoderStream())),
    interactive: Deno.stdin.isTerminal(),
    color: Deno.stdout.isTerminal() && !Deno.noColor,
  };
}

/** An in-memory CliIo: stdin from `input`, stdout and stderr collected. */
export interface CapturedIo extends CliIo {
  readonly stdout: string;
  readonly stderr: string;
}

/** A CliIo over strings, for tests and for embedding. */
export function stringIo(input = "", options: { interactive?: boolean } = {}): CapturedIo {
  let stdout = "", stderr = "";
  return {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    lines: () =>
      splitLines((async function* () {
        yield input;
      })()),
    interactive: options.interactive ?? false,
    color: false,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}
