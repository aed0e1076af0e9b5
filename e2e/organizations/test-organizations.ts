// The organizations of each test file (e2e/organizations/provision.ts makes them before the shared
// test server starts): read by the API tests' and the browser specs' support code.
import fs from "node:fs";
import path from "node:path";
import type { DemoCredentials } from "@/lib/studio/seed/demo";

/** An organization with the demo's four people (finance, approver, admin, viewer), as the demo seed describes its own. */
export type TestOrganization = DemoCredentials["orgs"][number];
export type TestOrganizations = { files: Record<string, { orgs: TestOrganization[] }> };

/** Two per file: the file's own, and a second one for what must stay invisible across organizations. */
export const ORGANIZATIONS_PER_FILE = 2;

export const testOrganizationsPath = (dataDir: string) => path.join(dataDir, "test-organizations.json");

/** The files that get organizations: every API test file and browser spec, by path from the repository root. */
export function testFiles(root: string): string[] {
  return [
    ...fs.readdirSync(path.join(root, "e2e/api")).filter((name) => name.endsWith(".test.ts")).map((name) => `e2e/api/${name}`),
    ...fs.readdirSync(path.join(root, "e2e/browser")).filter((name) => name.endsWith(".spec.ts")).map((name) => `e2e/browser/${name}`),
  ].sort();
}

/** The organizations of the test file at `file` (an absolute path or one from the repository root). */
export function organizationsOf(dataDir: string, file: string): TestOrganization[] {
  const root = path.resolve(import.meta.dirname, "../..");
  const key = path.relative(root, path.resolve(root, file)).split(path.sep).join("/");
  const all: TestOrganizations = JSON.parse(fs.readFileSync(testOrganizationsPath(dataDir), "utf8"));
  const found = all.files[key];
  if (!found) throw new Error(`${key} has no test organizations: scripts/test.mjs makes them for e2e/api/*.test.ts and e2e/browser/*.spec.ts at start`);
  return found.orgs;
}
