// Run by scripts/test.mjs before it starts the shared test server, on that server's database and
// DATA_DIR: the server's own start-up (migrations, the demo seed), then two organizations for every
// API test file and browser spec, each with the demo's four people, their keys and console
// sign-ins. A file acting in organizations of its own cannot move another file's counts, audit
// rows or people, however the files are scheduled. Written to test-organizations.json.
import { randomBytes, scryptSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { closeDatabase, db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { consoleAccounts } from "@/lib/console/db/schema";
import { sealAccountApiKey } from "@/lib/console/secret";
import { awaitReady } from "@/lib/studio/process/boot";
import { createApiKey, createClientId, createOrganization, createUser } from "@/lib/studio/orgs/operator";
import { DEMO_PEOPLE, DEMO_ROLES } from "@/lib/studio/seed/demo";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import { ORGANIZATIONS_PER_FILE, testFiles, testOrganizationsPath, type TestOrganization, type TestOrganizations } from "./test-organizations";

/**
 * A password hash with scrypt's cost turned down (a format the sign-in still verifies, as it does
 * hashes made with earlier parameters, and re-hashes at today's cost on the first sign-in): the
 * hundreds of people made here cost nothing until one of them signs in.
 */
function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const params = { N: 2 ** 10, r: 8, p: 1 };
  const hash = scryptSync(password.normalize("NFKC"), salt, 32, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

async function provision(name: string, slug: string): Promise<TestOrganization> {
  const made = await inTransaction(async (tx) => {
    const org = await createOrganization({ name }, tx);
    const { clientId } = await createClientId({ orgId: org.id }, tx);
    const users = [];
    for (const [role, permissions] of Object.entries(DEMO_ROLES)) {
      const person = { name: DEMO_PEOPLE[role] ?? role, email: `${role}@${slug}.test` };
      const { uid } = await createUser({ orgId: org.id, ...person, permissions }, tx);
      const { key } = await createApiKey({ uid }, tx);
      users.push({ uid, role, ...person, password: randomBytes(12).toString("base64url"), api_key: key, permissions });
    }
    return { org_id: org.id, name, client_id: clientId, webhook_secret: org.webhookSecret, users };
  });
  const database = await db();
  await database.insert(consoleAccounts).values(
    made.users.map((user) => ({
      email: user.email,
      displayName: user.name,
      passwordHash: cheapPasswordHash(user.password),
      apiKeySealed: sealAccountApiKey(user.email, user.api_key),
      clientId: made.client_id,
      studioUid: user.uid,
    })),
  );
  return made;
}

const root = path.resolve(import.meta.dirname, "../..");
await awaitReady();
const result: TestOrganizations = { files: {} };
const files = testFiles(root);
// A handful at a time: enough to overlap the database round trips, few enough for PGlite's one connection.
for (let start = 0; start < files.length; start += 4) {
  await Promise.all(
    files.slice(start, start + 4).map(async (file) => {
      const slug = path.basename(file).replace(/\.(test|spec)\.ts$/, "").replace(/[^a-z0-9]+/gi, "-").toLowerCase();
      const kind = file.includes("/browser/") ? "spec" : "test";
      const orgs = [];
      for (let index = 0; index < ORGANIZATIONS_PER_FILE; index++) {
        const letter = String.fromCharCode(97 + index);
        orgs.push(await provision(`${slug} ${kind} ${letter.toUpperCase()}`, `${slug}-${kind}-${letter}`));
      }
      result.files[file] = { orgs };
    }),
  );
}
const target = testOrganizationsPath(env.DATA_DIR);
fs.writeFileSync(target, JSON.stringify(result, null, 2) + "\n", { mode: 0o600 });
await closeDatabase();
console.log(`Test organizations: ${ORGANIZATIONS_PER_FILE} for each of ${files.length} test files, in ${target}`);
