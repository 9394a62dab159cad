/**
 * The npm package's `litejit` command (package.json "bin"): the CLI under plain Node.
 * scripts/build_npm.ts bundles this file and adds the `#!/usr/bin/env node` line.
 */
import { runCliProcess } from "./process_main.ts";

await runCliProcess("litejit");
