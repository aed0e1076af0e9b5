// `npm run worker` / `npm run studio`: runs the built JavaScript of a process from dist/
// (scripts/build-scripts.mjs, part of `npm run build`), or says how to build it. Reads .env (and
// .env.local, .env.production ...) first, by Next's own loader, so these processes see the same
// settings as the server `npm start` runs; variables already set win, as they do there.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import nextEnv from "@next/env";

const [name, ...args] = process.argv.slice(2);
const file = path.resolve(import.meta.dirname, "..", "dist", `${name}.mjs`);
if (!fs.existsSync(file)) {
  console.error(`${path.relative(process.cwd(), file)} is not built: run \`npm run build\` first.`);
  process.exit(2);
}
// From the working folder, as `next start` does. Quiet: the CLI's output is read by scripts; a missing or malformed file is still said on stderr.
nextEnv.loadEnvConfig(process.cwd(), false, { info() {}, error: console.error });
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
