/**
 * The process the CLI runs in, through the runtime's own API: `Deno` under Deno, the
 * global `process` under Node. Neither imports `node:process`: under Deno that module (and
 * the Node compatibility layer behind it) costs more than the CLI's whole `select 1`.
 */

/** An output stream of the process. */
export interface ProcessOutput {
  /** Writes `text` in full. Under Deno a closed pipe throws `BrokenPipe`. */
  write(text: string): void;
  /** Whether it is a terminal. */
  readonly isTerminal: boolean;
}

/** What the CLI asks of its process. */
export interface ProcessHost {
  /** The arguments after the runtime and script paths. */
  readonly args: readonly string[];
  readonly stdout: ProcessOutput;
  readonly stderr: ProcessOutput;
  /** Standard input, as chunks. */
  stdin(): AsyncIterable<Uint8Array | string>;
  readonly stdinIsTerminal: boolean;
  /** The NO_COLOR convention (https://no-color.org) asks for no colour. */
  readonly noColor: boolean;
  /** Sets the code the process exits with once it ends. */
  setExitCode(code: number): void;
  /** Ends the process now. */
  exit(code: number): never;
  /** Calls `handler` with errors Node reports on stdout as events (`| head` closing it). */
  onStdoutError(handler: (e: unknown) => void): void;
}

interface DenoWriter {
  writeSync(bytes: Uint8Array): number;
  isTerminal(): boolean;
}

interface DenoApi {
  args: string[];
  stdout: DenoWriter;
  stderr: DenoWriter;
  stdin: { readable: AsyncIterable<Uint8Array>; isTerminal(): boolean };
  noColor: boolean;
  exitCode: number;
  exit(code: number): never;
}

interface NodeStream {
  write(text: string): unknown;
  isTTY?: boolean;
  on(event: "error", handler: (e: unknown) => void): unknown;
}

interface NodeProcess {
  argv: string[];
  stdout: NodeStream;
  stderr: NodeStream;
  stdin: AsyncIterable<Uint8Array | string> & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  exitCode?: number;
  exit(code: number): never;
}

/** This process: Deno's when `Deno` exists, else Node's. */
export function runtimeProcess(): ProcessHost {
  const deno = (globalThis as { Deno?: DenoApi }).Deno;
  return deno ? denoProcess(deno) : nodeProcess((globalThis as { process?: NodeProcess }).process!);
}

function denoProcess(deno: DenoApi): ProcessHost {
  const encoder = new TextEncoder();
  const output = (w: DenoWriter): ProcessOutput => ({
    write: (text) => {
      let bytes = encoder.encode(text);
      while (bytes.length > 0) bytes = bytes.subarray(w.writeSync(bytes));
    },
    isTerminal: w.isTerminal(),
  });
  return {
    args: deno.args,
    stdout: output(deno.stdout),
    stderr: output(deno.stderr),
    stdin: () => deno.stdin.readable,
    stdinIsTerminal: deno.stdin.isTerminal(),
    noColor: deno.noColor,
    setExitCode: (code) => void (deno.exitCode = code),
    exit: (code) => deno.exit(code),
    onStdoutError: () => {}, // Deno throws from the write instead
  };
}

function nodeProcess(proc: NodeProcess): ProcessHost {
  const output = (s: NodeStream): ProcessOutput => ({
    write: (text) => void s.write(text),
    isTerminal: s.isTTY === true,
  });
  return {
    args: proc.argv.slice(2),
    stdout: output(proc.stdout),
    stderr: output(proc.stderr),
    stdin: () => proc.stdin,
    stdinIsTerminal: proc.stdin.isTTY === true,
    noColor: (proc.env.NO_COLOR ?? "") !== "",
    setExitCode: (code) => void (proc.exitCode = code),
    exit: (code) => proc.exit(code),
    onStdoutError: (handler) => void proc.stdout.on("error", handler),
  };
}
