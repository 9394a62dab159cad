/**
 * Writes examples/web/screenshot.png, the README's picture of the browser example: the
 * sample database, the page's default query run, with its rows, plan and program.
 * Needs Chromium at /usr/bin/chromium (Debian's `chromium` package).
 *
 *   npx -y deno task web:screenshot
 */
import { startWebServer } from "./web.ts";
import { CHROMIUM_PATH, chromiumInstalled, launchChromium } from "../tests/support/chromium.ts";

const OUT = new URL("../examples/web/screenshot.png", import.meta.url).pathname;

if (!chromiumInstalled()) {
  console.error(`no chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  Deno.exit(1);
}
const server = await startWebServer({ port: 0, quiet: true });
const chromium = await launchChromium(1200, 900);
try {
  const { page } = chromium;
  await page.goto(server.url);
  await page.waitFor(`document.body.dataset.ready === "true"`);
  await page.evaluate(`document.getElementById("load-sample").click()`);
  await page.waitFor(`!document.getElementById("run").disabled`);
  await page.evaluate(`document.getElementById("run").click()`);
  await page.waitFor(`document.querySelector("#result table")`);
  await page.screenshot(OUT);
  console.log(`wrote ${OUT}`);
} finally {
  await chromium.close();
  await server.shutdown();
}
