// `npm run worker` / `npm run studio`: runs the built JavaScript of a process from dist/
// (scripts/build-scripts.mjs, part of `npm run build`), or says how to build it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [name, ...args] = process.argv.slice(2);
const file = path.resolve(import.meta.dirname, "..", "dist", `${name}.mjs`);
if (!fs.existsSync(file)) {
  console.error(`${path.relative(process.cwd(), file)} is not built: run \`npm run build\` first.`);
  process.exit(2);
}
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
