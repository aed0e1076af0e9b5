import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "@/lib/env";

const root = path.resolve(import.meta.dirname, "..");
/** The names `.env.example` sets or shows commented out, `CHAIN_<ID>_` examples folded to one name. */
function exampleNames(): Set<string> {
  const text = fs.readFileSync(path.join(root, ".env.example"), "utf8");
  const names = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  const perChain = (name: string) => name.replace(/^CHAIN_[A-Z]+_/, "CHAIN_<ID>_");
  return new Set(names.map((name) => (ENV_VARIABLES.includes(perChain(name)) ? perChain(name) : name)));
}
/** Variables the start script reads itself, before any of Studio's modules load. */
function startScriptNames(): string[] {
  const text = fs.readFileSync(path.join(root, "scripts", "start.mjs"), "utf8");
  return [...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!).filter((name) => !name.startsWith("NEXT_"));
}

describe(".env.example", () => {
  it("documents every variable the server, the worker and the CLI read, and only those", () => {
    const documented = exampleNames();
    const read = new Set([...ENV_VARIABLES, ...startScriptNames()]);
    expect([...read].filter((name) => !documented.has(name)), "read but not in .env.example").toEqual([]);
    expect([...documented].filter((name) => !read.has(name)), "in .env.example but read by nothing").toEqual([]);
  });
});
