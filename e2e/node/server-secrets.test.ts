// Issue 22 §1: in production every process of a deployment must share STUDIO_SECRET and
// CONSOLE_SECRET (a secret generated into one host's DATA_DIR cannot open another's seeds), so
// start is refused without them; and a check value stored in the database refuses a wrong one at
// start, instead of failing at the first payment or sign-in. Development keeps generating them.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, dropTarget, freshTarget, queryRows, runCli, startBuilt, targetEnvironment, withStudio, type Target } from "./support";

const SECRET_A = "secret-a-".padEnd(40, "a");
const SECRET_B = "secret-b-".padEnd(40, "b");
// Production also needs PUBLIC_URL (issue 37 §4); the CLI, which makes no links, does not.
const PRODUCTION = { STUDIO_ENV: "production", SEED_DEMO: "0", SWEEPER: "0", PUBLIC_URL: "https://pay.example.test" };
const BOTH_A = { ...PRODUCTION, STUDIO_SECRET: SECRET_A, CONSOLE_SECRET: SECRET_A };

describe.each(drivers)("server secrets on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "server_secrets");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  const organizationCount = () =>
    withStudio(target, async (client) => (await queryRows<{ n: number }>(client, sql`SELECT count(*)::int AS n FROM organizations`))[0]!.n, BOTH_A);

  it("production refuses to start without them: the server's start-up and the CLI name what is missing and write nothing", async () => {
    const refusal = await withStudio(
      target,
      async () => {
        const { boot } = await import("@/lib/boot");
        return boot().then(() => "booted", (error: Error) => `${error.name}: ${error.message}`);
      },
      { ...PRODUCTION, STUDIO_SECRET: undefined, CONSOLE_SECRET: SECRET_A },
    );
    expect(refusal).toMatch(/^StartRefusedError: npm start refuses to start: STUDIO_SECRET is not set/);
    expect(fs.existsSync(path.join(target.dataDir, "studio-secret"))).toBe(false);

    const cli = await runCli(target, ["org:create", "--name", "No Secret Ltd"], undefined, { ...PRODUCTION, STUDIO_SECRET: undefined, CONSOLE_SECRET: undefined });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain("STUDIO_SECRET and CONSOLE_SECRET are not set");
    expect(fs.existsSync(path.join(target.dataDir, "console-secret"))).toBe(false);
    expect(await organizationCount()).toBe(0);
  });

  it("production refuses to start without PUBLIC_URL, naming it, however complete its secrets; the CLI does not need it", async () => {
    const refusal = await withStudio(
      target,
      async () => {
        const { boot } = await import("@/lib/boot");
        return boot().then(() => "booted", (error: Error) => `${error.name}: ${error.message}`);
      },
      { ...BOTH_A, PUBLIC_URL: undefined },
    );
    expect(refusal).toMatch(/^StartRefusedError: npm start refuses to start: PUBLIC_URL is not set/);
    expect(refusal).toContain("http://localhost");
    const cli = await runCli(target, ["org:list"], undefined, { ...BOTH_A, PUBLIC_URL: undefined });
    expect(cli.code, cli.stderr).toBe(0);
  });

  it("a wrong STUDIO_SECRET or CONSOLE_SECRET is refused at start with a clear message; the right ones start", async () => {
    const created = await runCli(target, ["org:create", "--name", "Sealed Ltd"], undefined, BOTH_A);
    expect(created.code, created.stderr).toBe(0);

    const wrongStudio = await runCli(target, ["org:create", "--name", "Wrong Ltd"], undefined, { ...BOTH_A, STUDIO_SECRET: SECRET_B });
    expect(wrongStudio.code).toBe(1);
    expect(wrongStudio.stderr).toContain("STUDIO_SECRET is not the secret this database was set up with");
    const wrongConsole = await withStudio(
      target,
      async () => {
        const { boot } = await import("@/lib/boot");
        return boot().then(() => "booted", (error: Error) => error.message);
      },
      { ...BOTH_A, CONSOLE_SECRET: SECRET_B },
    );
    expect(wrongConsole).toContain("CONSOLE_SECRET is not the secret this database was set up with");
    expect(await organizationCount()).toBe(1);

    const booted = await withStudio(target, async () => (await import("@/lib/boot")).boot().then(() => "booted"), BOTH_A);
    expect(booted).toBe("booted");
  });

  it("a database from before the check adopts the secret that opens its seeds, and refuses one that does not", async () => {
    await withStudio(target, (client) => queryRows(client, sql`DELETE FROM secret_checks`), BOTH_A);
    const wrong = await withStudio(
      target,
      async () => (await import("@/lib/studio/process/boot")).awaitReady().then(() => "ready", (error: Error) => error.message),
      { ...BOTH_A, STUDIO_SECRET: SECRET_B },
    );
    expect(wrong).toContain("STUDIO_SECRET is not the secret");
    const stored = await withStudio(
      target,
      async (client) => {
        await (await import("@/lib/studio/process/boot")).awaitReady();
        return queryRows<{ name: string }>(client, sql`SELECT name FROM secret_checks ORDER BY name`);
      },
      BOTH_A,
    );
    expect(stored.map((row) => row.name)).toEqual(["STUDIO_SECRET"]);
  });

  it.runIf(driver === "postgres")("the built worker refuses to start without STUDIO_SECRET or PUBLIC_URL in production, and with a wrong secret", async () => {
    const env = targetEnvironment(target, { STUDIO_ENV: "production", PUBLIC_URL: "https://pay.example.test" });
    delete env.STUDIO_SECRET;
    const withoutSecret = startBuilt("worker", env);
    expect(await withoutSecret.exited).toBe(1);
    expect(withoutSecret.output()).toContain("npm run worker refuses to start: STUDIO_SECRET is not set");

    const withoutPublicUrl: NodeJS.ProcessEnv = { ...env, STUDIO_SECRET: SECRET_A };
    delete withoutPublicUrl.PUBLIC_URL;
    const noPublicUrl = startBuilt("worker", withoutPublicUrl);
    expect(await noPublicUrl.exited).toBe(1);
    expect(noPublicUrl.output()).toContain("npm run worker refuses to start: PUBLIC_URL is not set");

    const wrong = startBuilt("worker", { ...env, STUDIO_SECRET: SECRET_B });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain("STUDIO_SECRET is not the secret this database was set up with");
  });
});

describe.each(drivers)("development on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "dev_secrets");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("generates the secrets into DATA_DIR, and refuses a regenerated one once the first is lost", async () => {
    const DEVELOPMENT = { STUDIO_ENV: "development", SEED_DEMO: "0", SWEEPER: "0", STUDIO_SECRET: undefined, CONSOLE_SECRET: undefined };
    const start = () => withStudio(target, async () => (await import("@/lib/boot")).boot().then(() => "booted", (error: Error) => error.message), DEVELOPMENT);
    expect(await start()).toBe("booted");
    expect(fs.readFileSync(path.join(target.dataDir, "studio-secret"), "utf8").length).toBeGreaterThanOrEqual(32);
    expect(await start()).toBe("booted");
    fs.rmSync(path.join(target.dataDir, "console-secret"));
    expect(await start()).toContain("CONSOLE_SECRET is not the secret this database was set up with");
  });
});
