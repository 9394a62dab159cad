/**
 * Chromium for the browser tests: Debian's /usr/bin/chromium (never a downloaded browser),
 * headless, in a fresh temporary profile, driven by puppeteer-core.
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";

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
  browser: Browser;
  page: Page;
  /** Messages the page logged and errors it threw: shown when a test fails. */
  log: string[];
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile and one `width`×`height` page. */
export async function launchChromium(width = 1200, height = 900): Promise<ChromiumSession> {
  const profile = await Deno.makeTempDir({ prefix: "litejit-chromium-" });
  const removeProfile = () => Deno.remove(profile, { recursive: true }).catch(() => {});
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...ARGS, `--user-data-dir=${profile}`],
      defaultViewport: { width, height, deviceScaleFactor: 1 },
    });
    const page = await browser.newPage();
    const log: string[] = [];
    page.on("console", (m) => log.push(`console.${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => log.push(`page error: ${e}`));
    const opened = browser;
    return {
      browser: opened,
      page,
      log,
      close: async () => {
        await opened.close().catch(() => {});
        await removeProfile();
      },
    };
  } catch (e) {
    await browser?.close().catch(() => {});
    await removeProfile();
    throw new Error(`launching ${CHROMIUM_PATH}: ${e}`);
  }
}
