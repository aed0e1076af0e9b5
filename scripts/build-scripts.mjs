// Builds the processes that run beside the web server — the worker, the operator CLI and the
// migration runner — and what `npm start` takes from lib/observability into plain JavaScript
// under dist/, so production runs them with `node` and its runtime dependencies only (no tsx, no
// devDependencies). Part of `npm run build`.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist");
const entryPoints = {
  worker: "scripts/worker.ts",
  "studio-cli": "scripts/studio-cli.ts",
  migrate: "scripts/migrate.ts",
  // npm start's logger, request context and request metrics (scripts/start.mjs imports it).
  observability: "lib/observability/http-server.ts",
};

// `server-only` throws outside React's server build; these processes are server code by nature.
const serverOnlyIsEmpty = {
  name: "server-only-is-empty",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Packages stay imports, resolved from node_modules at run time; our own code (`@/…`, through
  // tsconfig's paths) is bundled.
  packages: "external",
  plugins: [serverOnlyIsEmpty],
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});

const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (!external || specifier.startsWith("node:") || builtinModules.includes(specifier)) continue;
    if (!runtime.has(packageOf(specifier))) missing.add(packageOf(specifier));
  }
}
if (missing.size) {
  console.error(`dist/ would need packages that are not runtime dependencies: ${[...missing].join(", ")}`);
  process.exit(1);
}
console.log(`Built ${Object.keys(entryPoints).map((name) => `dist/${name}.mjs`).join(", ")}`);
