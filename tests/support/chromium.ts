/**
 * Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core
 * (which never downloads a browser here), in a fresh temporary profile.
 */
import { type BrowserContext, chromium, type Page } from "playwright-core";

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
];

/** A running Chromium with one page, and how to close it (and delete its profile). */
export interface ChromiumSession {
  context: BrowserContext;
  page: Page;
  /** Messages the page logged and errors it threw: shown when a test fails. */
  log: string[];
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile and a `width`×`height` viewport. */
export async function launchChromium(width = 1200, height = 900): Promise<ChromiumSession> {
  const profile = await Deno.makeTempDir({ prefix: "litejit-chromium-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width, height },
  });
  const page = context.pages()[0] ?? await context.newPage();
  const log: string[] = [];
  page.on("console", (m) => log.push(`console.${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => log.push(`page error: ${e.message}`));
  return {
    context,
    page,
    log,
    close: async () => {
      await context.close();
      await Deno.remove(profile, { recursive: true });
    },
  };
}
