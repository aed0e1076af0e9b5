import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import en from "@/lib/console/i18n/messages/en.json";
import { SHELL_NAMESPACES } from "@/lib/console/i18n/client-messages";

// Each console page sends the browser only the message namespaces it names (components/console-intl.tsx).
// This reads the source: from every route file that renders a <ConsoleIntl>, and from the console's
// frame, it follows the imports into the client modules and checks that each namespace they
// translate with is one the nearest provider carries. A dialog no browser spec opens is checked
// too; the browser specs catch what a static reading cannot (e2e/browser/fixtures.ts).

const ROOT = path.resolve(import.meta.dirname, "../../..");
const NAMESPACES = new Set(Object.keys(en));

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, "index.tsx"), path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The top-level namespaces a client module translates with: useTranslations("ns…"), or t("ns.…") after useTranslations(). */
function namespacesOf(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(/useTranslations(?:<"([\w.-]+)">)?\(\s*(?:["'`]([\w-]+))?/g)) {
    const named = match[1] ?? match[2];
    if (named) found.add(named.split(".")[0]!);
    else for (const call of source.matchAll(/\bt\(\s*["'`]([\w-]+)[."'`]/g)) if (NAMESPACES.has(call[1]!)) found.add(call[1]!);
  }
  return found;
}

/** The namespaces the client modules reachable from `entry` translate with, each with a module that does. */
function clientNamespaces(entry: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    if (seen.has(`${file}:${inClient}`)) return;
    seen.add(`${file}:${inClient}`);
    const source = fs.readFileSync(file, "utf8");
    const client = inClient || /^["']use client["']/m.test(source);
    if (client) for (const namespace of namespacesOf(source)) if (!found.has(namespace)) found.set(namespace, path.relative(ROOT, file));
    for (const imported of ts.preProcessFile(source, true, true).importedFiles) {
      const next = resolveImport(file, imported.fileName);
      if (next) visit(next, client);
    }
  };
  visit(entry, false);
  return found;
}

/** The namespaces a route file's <ConsoleIntl namespaces={[…]}> names, or null if it renders none. */
function declaredIn(file: string): string[] | null {
  const match = fs.readFileSync(file, "utf8").match(/<ConsoleIntl(?:\s+namespaces=\{\[([^\]]*)\]\})?/);
  if (!match) return null;
  return [...(match[1] ?? "").matchAll(/"([\w-]+)"/g)].map((name) => name[1]!);
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("_") ? [] : routeFiles(full);
    return /^(page|layout)\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe("the messages each page sends the browser", () => {
  const shell = new Set<string>(SHELL_NAMESPACES);

  it("name only namespaces the catalogue has", () => {
    expect(SHELL_NAMESPACES.filter((namespace) => !NAMESPACES.has(namespace))).toEqual([]);
  });

  it("cover what the console's frame translates in the browser", () => {
    const needed = clientNamespaces(path.join(ROOT, "components/shell/console-frame.tsx"));
    expect([...needed].filter(([namespace]) => !shell.has(namespace))).toEqual([]);
  });

  const routes = ["app/(console)", "app/(reference)", "app/sign-in", "app/change-password"].flatMap((dir) => routeFiles(path.join(ROOT, dir)));
  it.each(routes.map((file) => [path.relative(ROOT, file), file]))("%s", (_, file) => {
    // The nearest provider: the file's own, else its folders' layouts', else the frame's (the shell's alone).
    let declared: string[] | null = null;
    for (let dir = path.dirname(file); declared === null && dir.startsWith(path.join(ROOT, "app")); dir = path.dirname(dir)) {
      for (const candidate of [file, path.join(dir, "layout.tsx")]) {
        if (declared === null && fs.existsSync(candidate)) declared = declaredIn(candidate);
      }
    }
    const carried = new Set([...shell, ...(declared ?? [])]);
    expect((declared ?? []).filter((namespace) => !NAMESPACES.has(namespace))).toEqual([]);
    const missing = [...clientNamespaces(file)].filter(([namespace]) => !carried.has(namespace)).map(([namespace, where]) => `${namespace} (${where})`);
    expect(missing).toEqual([]);
  });
});
