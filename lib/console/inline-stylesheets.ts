import "server-only";
// The console's stylesheet travels inside each page's HTML (next.config.mjs `experimental.inlineCss`),
// so a phone on a slow network paints once the HTML has arrived instead of one more round trip later.
// React writes that <style> without the page's nonce (Next hands React a nonce for scripts only), so
// the page's CSP names each stylesheet the build emitted by its SHA-256: styles injected into a page
// still cannot apply, and a build's own stylesheets always can. The files are fixed once built, so
// they are hashed once per process. Only what `next build` wrote counts: the dev server has none,
// and its policy allows inline styles anyway (lib/console/security-headers).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const holder = globalThis as typeof globalThis & { __inlineStylesheets?: readonly string[] };

/** CSP hash sources ('sha256-…') of every stylesheet in the build, in file-name order. */
export function inlineStylesheetHashes(): readonly string[] {
  holder.__inlineStylesheets ??= stylesheetsIn(path.resolve(process.env.NEXT_DIST_DIR || ".next", "static")).map(
    (file) => `sha256-${createHash("sha256").update(fs.readFileSync(file)).digest("base64")}`,
  );
  return holder.__inlineStylesheets;
}

function stylesheetsIn(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".css"))
    .sort()
    .map((name) => path.join(folder, name));
}
