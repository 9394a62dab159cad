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
  await page.waitForFunction(`document.body.dataset.ready === "true"`);
  await page.click("#load-sample");
  await page.waitForFunction(`!document.getElementById("run").disabled`);
  await page.click("#run");
  await page.waitForFunction(`document.querySelector("#result table")`);
  // The clicks leave the mouse over Run and the focus ring on it: park them outside the page.
  await page.mouse.move(0, 0);
  await page.evaluate(`document.activeElement?.blur()`);
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} finally {
  await chromium.close();
  await server.shutdown();
}
