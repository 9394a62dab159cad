/**
 * Chromium for the browser tests: Debian's /usr/bin/chromium (never a downloaded browser),
 * headless, in a fresh temporary profile, driven over the DevTools protocol (cdp.ts).
 */
import { CdpConnection, CdpPage } from "./cdp.ts";

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Whether the browser is installed (the browser tests are skipped, and say so, without it). */
export function chromiumInstalled(): boolean {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
}

// Without the networking flags Chromium keeps trying to reach Google's services.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--remote-debugging-port=0",
];

/** A running Chromium with one page, and how to close it (and delete its profile). */
export interface ChromiumSession {
  page: CdpPage;
  /** Messages the page logged and errors it threw: shown when a test fails. */
  log: string[];
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile and one `width`×`height` page. */
export async function launchChromium(width = 1200, height = 900): Promise<ChromiumSession> {
  const profile = await Deno.makeTempDir({ prefix: "litejit-chromium-" });
  const child = new Deno.Command(CHROMIUM_PATH, {
    args: [...ARGS, `--user-data-dir=${profile}`, "about:blank"],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const stderr: string[] = [];
  const closeAll = async () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await child.status;
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  };
  let cdp: CdpConnection | undefined;
  try {
    const address = await devToolsAddress(child.stderr, stderr);
    cdp = await CdpConnection.connect(address);
    const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
    const log: string[] = [];
    cdp.onEvent((method, params, s) => {
      if (s !== sessionId) return;
      if (method === "Runtime.consoleAPICalled") {
        log.push(`console.${params.type}: ${params.args.map((a: { value?: unknown }) => a.value)}`);
      } else if (method === "Runtime.exceptionThrown") {
        log.push(`page error: ${params.exceptionDetails.exception?.description}`);
      }
    });
    for (const domain of ["Page", "Runtime", "DOM"]) {
      await cdp.send(`${domain}.enable`, {}, sessionId);
    }
    await cdp.send("Emulation.setDeviceMetricsOverride", {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    }, sessionId);
    const connection = cdp;
    return {
      page: new CdpPage(connection, sessionId),
      log,
      close: async () => {
        await connection.send("Browser.close").catch(() => {});
        connection.close();
        await closeAll();
      },
    };
  } catch (e) {
    cdp?.close();
    await closeAll();
    throw new Error(`launching ${CHROMIUM_PATH}: ${e}\n${stderr.join("\n")}`);
  }
}

/** Reads Chromium's stderr up to "DevTools listening on ws://…", then keeps draining it. */
async function devToolsAddress(
  stream: ReadableStream<Uint8Array>,
  lines: string[],
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error("chromium exited before opening its DevTools port");
    buffer += decoder.decode(value, { stream: true });
    const found = buffer.match(/DevTools listening on (ws:\/\/\S+)/);
    if (found) {
      // An unread pipe would fill and stall the browser.
      (async () => {
        for (let r = await reader.read(); !r.done; r = await reader.read()) { /* drain */ }
      })().catch(() => {});
      return found[1];
    }
    lines.splice(0, lines.length, ...buffer.split("\n").slice(-20));
  }
}
