// The operator CLI as a real child process against a fresh database on each driver.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliJson, drivers, dropTarget, dumpAllRows, freshTarget, runCli, withStudio, type Target } from "./support";

/** Every file under `folder` with its size and modification time, or null when there is no folder. */
function folderState(folder: string): Record<string, string> | null {
  if (!fs.existsSync(folder)) return null;
  const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" });
  return Object.fromEntries(
    files.flatMap((name) => {
      const stat = fs.statSync(path.join(folder, name));
      return stat.isFile() ? [[name, `${stat.size} ${stat.mtimeMs}`]] : [];
    }),
  );
}

describe.each(drivers)("studio CLI on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "cli");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  // Each CLI run is its own process that opens the database (PGlite: a WebAssembly start each
  // time), so on a busy 2-core machine these take minutes, not seconds.
  it("rejects bad arguments with exit code 2 before opening the database", { timeout: 120_000 }, async () => {
    const cases: Array<[string[], RegExp]> = [
      [["org:create"], /--name is required/],
      [["org:create", "--name", "   "], /--name is required/],
      [["org:create", "--name", "Acme", "--colour", "red"], /Unknown option '--colour'/],
      [["client:create", "--org", "abc"], /--org must be an organization id/],
      [["client:create", "--org", "-3"], /--org/],
      [["user:create", "--org", "1", "--name", "A", "--email", "not-an-email", "--permissions", "transfer:read"], /--email/],
      [["user:create", "--org", "1", "--name", "A", "--email", "a@b.test", "--permissions", "transfer:fly"], /unknown transfer:fly/],
      [["user:create", "--org", "1", "--name", "A", "--email", "a@b.test"], /--permissions is required/],
      [["key:create"], /--user is required/],
      [["key:revoke", "--key"], /argument missing/],
      [["console:add-account", "--email", "a@b.test", "--name", "A", "--api-key", "nope", "--password", "longenough"], /--api-key is not/],
      [["console:add-account", "--email", "a@b.test", "--name", "A", "--api-key", `stk_${"a".repeat(32)}`, "--password", "short"], /at least 8/],
      [["frobnicate"], /Unknown command "frobnicate"/],
    ];
    // None of these opens the database, so they may run side by side.
    const folder = path.join(target.dataDir, "pglite");
    const before = driver === "pglite" ? folderState(folder) : undefined;
    const results = await Promise.all(cases.map(([args]) => runCli(target, args)));
    cases.forEach(([args, message], index) => {
      const result = results[index];
      expect(result?.code, args.join(" ")).toBe(2);
      expect(result?.stderr, args.join(" ")).toMatch(message);
      expect(result?.stdout).toBe("");
    });
    // Nothing was opened, so nothing was written: the PGlite folder is as it was (opening it writes
    // its control file and log even when no statement runs), and no lock was left beside it.
    if (driver === "pglite") {
      expect(folderState(folder)).toEqual(before);
      expect(fs.existsSync(`${folder}.lock`)).toBe(false);
    }
  });

  it("creates an organization, client id, user and key; the key authenticates and is stored only hashed; revoke stops it", { timeout: 300_000 }, async () => {
    const org = await cliJson(target, ["org:create", "--name", "Acme Ltd"]);
    expect(org).toEqual({ org_id: expect.any(Number), name: "Acme Ltd", webhook_secret: expect.stringMatching(/^whsec_/) });
    const client = await cliJson(target, ["client:create", "--org", String(org.org_id)]);
    expect(client).toEqual({ org_id: org.org_id, client_id: expect.stringMatching(/^cli_[0-9a-f]{20}$/) });
    const user = await cliJson(target, [
      "user:create",
      "--org",
      String(org.org_id),
      "--name",
      "Fiona Finance",
      "--email",
      "Fiona@Acme.test",
      "--permissions",
      "transfer:read,transfer:create",
    ]);
    expect(user).toMatchObject({ uid: expect.stringMatching(/^usr_/), email: "fiona@acme.test" });

    const created = await runCli(target, ["key:create", "--user", user.uid]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/cannot be shown again/);
    const key = created.stdout.match(/stk_[A-Za-z0-9_-]{32}/)?.[0];
    const keyId = created.stdout.match(/key_[0-9a-f]{24}/)?.[0];
    if (!key || !keyId) throw new Error(`no key in: ${created.stdout}`);

    const listed = await cliJson(target, ["key:list", "--org", String(org.org_id)]);
    expect(listed).toEqual([
      {
        id: keyId,
        uid: user.uid,
        key: `${key.slice(0, 8)}…${key.slice(-4)}`,
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const orgs = await cliJson(target, ["org:list"]);
    // The CLI never seeds: the database holds exactly what the operator created.
    expect(orgs).toEqual([
      {
        org_id: org.org_id,
        name: "Acme Ltd",
        client_ids: [client.client_id],
        users: [{ uid: user.uid, name: "Fiona Finance", email: "fiona@acme.test", permissions: ["transfer:read", "transfer:create"], disabled: false }],
      },
    ]);
    expect(fs.existsSync(path.join(target.dataDir, "demo-credentials.json"))).toBe(false);

    // A console sign-in acting through the key; the password comes from standard input.
    const password = `pw-${randomBytes(6).toString("hex")}`;
    const account = await runCli(
      target,
      ["console:add-account", "--email", "fiona@acme.test", "--name", "Fiona", "--api-key", key, "--client-id", client.client_id, "--json"],
      `${password}\n`,
    );
    expect(account.code, account.stderr).toBe(0);
    expect(JSON.parse(account.stdout)).toMatchObject({ email: "fiona@acme.test", uid: user.uid, org_id: org.org_id, client_id: client.client_id });

    await withStudio(target, async (dbClient) => {
      const { findAccountByEmail, accountApiKey } = await import("@/lib/console/accounts");
      const { verifyPassword } = await import("@/lib/console/passwords");
      const stored = await findAccountByEmail("fiona@acme.test");
      if (!stored) throw new Error("console account missing");
      expect(stored).toMatchObject({ studioUid: user.uid, clientId: client.client_id, displayName: "Fiona" });
      expect(await verifyPassword(password, stored.passwordHash)).toBe(true);
      expect(accountApiKey(stored)).toBe(key);

      const { authenticate } = await import("@/lib/studio/auth/principal");
      const principal = await authenticate(key);
      expect(principal).toMatchObject({
        uid: user.uid,
        orgId: org.org_id,
        orgName: "Acme Ltd",
        keyId,
        permissions: ["transfer:read", "transfer:create"],
      });
      const everything = await dumpAllRows(dbClient);
      expect(everything).toContain(createHash("sha256").update(key).digest("hex"));
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(key.slice(8, -4));
      expect(everything).not.toContain(password);
    });

    // While this process holds the PGlite folder, the CLI refuses it instead of corrupting it.
    if (driver === "pglite") {
      await withStudio(target, async (dbClient) => {
        await dbClient.db();
        const refused = await runCli(target, ["org:list"]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/is in use by process \d+/);
      });
    }

    const revoked = await runCli(target, ["key:revoke", "--key", keyId]);
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringContaining(`Revoked API key ${keyId}`) });
    const again = await runCli(target, ["key:revoke", "--key", keyId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already revoked/);
    const afterRevoke = await cliJson(target, ["key:list", "--org", String(org.org_id)]);
    expect(afterRevoke[0].revoked_at).toEqual(expect.any(String));

    const lateAccount = await runCli(target, ["console:add-account", "--email", "late@acme.test", "--name", "Late", "--api-key", key], "long enough\n");
    expect(lateAccount.code).toBe(1);
    expect(lateAccount.stderr).toMatch(/unknown or has been revoked/);

    await withStudio(target, async () => {
      const { authenticate } = await import("@/lib/studio/auth/principal");
      const { StudioError } = await import("@/lib/studio/core/errors");
      const failure = await authenticate(key).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StudioError);
      expect(failure).toMatchObject({ kind: "unauthenticated", http: 401 });
    });
  });

  it("exits 1 for unknown ids and for a duplicate user, which is not added", { timeout: 240_000 }, async () => {
    const unknown: string[][] = [
      ["client:create", "--org", "999999"],
      ["user:create", "--org", "999999", "--name", "Nobody", "--email", "n@x.test", "--permissions", "transfer:read"],
      ["key:create", "--user", `usr_${randomBytes(12).toString("hex")}`],
      ["key:revoke", "--key", `key_${randomBytes(12).toString("hex")}`],
      ["key:list", "--org", "999999"],
    ];
    for (const args of unknown) {
      const result = await runCli(target, args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr, args.join(" ")).toMatch(/not found/);
    }
    const org = await cliJson(target, ["org:create", "--name", "Dup Co"]);
    const userArgs = ["user:create", "--org", String(org.org_id), "--name", "D", "--email", "d@dup.test", "--permissions", "transfer:read"];
    await cliJson(target, userArgs);
    const duplicate = await runCli(target, userArgs);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);
    const orgs = await cliJson<Array<{ org_id: number; users: unknown[] }>>(target, ["org:list"]);
    const dup = orgs.find((candidate) => candidate.org_id === org.org_id);
    expect(dup?.users).toHaveLength(1);
  });
});
