// The operator CLI (`npm run studio -- <command>`): a thin shell over lib/studio/orgs/operator.ts.
// It opens the database itself and never seeds demo data. Exit codes: 0 done, 1 failed (unknown
// id, database in use, conflict), 2 bad arguments.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { checkConsoleSecretAtStart, createConsoleAccount, rememberStudioUid } from "@/lib/console/accounts";
import { newPasswordProblem } from "@/lib/console/password-rule";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { DatabaseInUseError } from "@/lib/db/pglite-lock";
import { effectiveSettings } from "@/lib/env";
import { requireServerSecrets } from "@/lib/secrets/check";
import { checkStudioSecret } from "@/lib/studio/core/secrets";
import { API_KEY_PATTERN, maskApiKey } from "@/lib/studio/auth/api-keys";
import { PERMISSIONS, isPermission, type Permission } from "@/lib/studio/auth/permissions";
import { authenticate } from "@/lib/studio/auth/principal";
import { resolveClientId } from "@/lib/studio/orgs/client-ids";
import { StudioError } from "@/lib/studio/core/errors";
import {
  createApiKey,
  createClientId,
  createOrganization,
  createUser,
  listApiKeys,
  listOrganizations,
  revokeApiKey,
  updateUser,
} from "@/lib/studio/orgs/operator";
import { logToStandardError } from "@/lib/observability/log";

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | undefined>;
type Output = { json: unknown; text: string[] };

type Command = {
  summary: string;
  usage: string;
  options: Options;
  /** Checks the arguments without touching the database, then returns the work to do. */
  prepare: (values: Values) => () => Promise<Output>;
};

const text = { type: "string" } as const;

const COMMANDS: Record<string, Command> = {
  "org:create": {
    summary: "create an organization (prints its id and webhook secret)",
    usage: 'org:create --name "Acme Ltd"',
    options: { name: text },
    prepare(values) {
      const name = requiredText(values, "name", 200);
      return async () => {
        const org = await createOrganization({ name });
        return {
          json: { org_id: org.id, name: org.name, webhook_secret: org.webhookSecret },
          text: [`Created organization ${org.id} "${org.name}"`, `  webhook secret: ${org.webhookSecret}`],
        };
      };
    },
  },
  "org:list": {
    summary: "list organizations with their client ids and users",
    usage: "org:list",
    options: {},
    prepare: () => async () => {
      const orgs = await listOrganizations();
      const lines = orgs.flatMap((org) => [
        `${org.id}  ${org.name}`,
        `    client ids: ${org.client_ids.join(", ") || "(none)"}`,
        ...org.users.map(
          (user) => `    user ${user.uid}  ${user.name} <${user.email}>  ${user.permissions.join(",")}${user.disabled ? "  DISABLED" : ""}`,
        ),
      ]);
      return {
        json: orgs.map(({ id, ...rest }) => ({ org_id: id, ...rest })),
        text: lines.length ? lines : ["No organizations yet"],
      };
    },
  },
  "client:create": {
    summary: "create a client id (X-Client-ID) for an organization",
    usage: "client:create --org 1",
    options: { org: text },
    prepare(values) {
      const orgId = requiredOrgId(values);
      return async () => {
        const { clientId } = await createClientId({ orgId });
        return { json: { org_id: orgId, client_id: clientId }, text: [`Created client id ${clientId} for organization ${orgId}`] };
      };
    },
  },
  "user:create": {
    summary: "create a user with permissions in an organization",
    usage: `user:create --org 1 --name "Fiona Finance" --email fiona@acme.test --permissions transfer:read,transfer:create`,
    options: { org: text, name: text, email: text, permissions: text },
    prepare(values) {
      const orgId = requiredOrgId(values);
      const name = requiredText(values, "name", 200);
      const email = requiredEmail(values);
      const permissions = requiredPermissions(values);
      return async () => {
        const { uid } = await createUser({ orgId, name, email, permissions });
        return {
          json: { uid, org_id: orgId, name, email, permissions },
          text: [`Created user ${uid} "${name}" <${email}> in organization ${orgId} with ${permissions.join(", ")}`],
        };
      };
    },
  },
  "user:update": {
    summary: "change a user's permissions and/or enable or disable them (recovery: give org:manage back)",
    usage: "user:update --user usr_0123abcd [--permissions transfer:read,org:manage] [--enable | --disable]",
    options: { user: text, permissions: text, enable: { type: "boolean" }, disable: { type: "boolean" } },
    prepare(values) {
      const uid = requiredText(values, "user", 100);
      const permissions = values.permissions === undefined ? undefined : requiredPermissions(values);
      if (values.enable && values.disable) throw new UsageError("--enable and --disable exclude each other");
      const disabled = values.disable ? true : values.enable ? false : undefined;
      if (permissions === undefined && disabled === undefined) throw new UsageError("give --permissions, --enable or --disable");
      return async () => {
        const user = await updateUser({ uid, permissions, disabled, actorUid: null });
        return {
          json: user,
          text: [`Updated user ${user.uid} "${user.name}": ${user.permissions.join(", ") || "(no permissions)"}${user.disabled ? ", disabled" : ""}`],
        };
      };
    },
  },
  "key:create": {
    summary: "create an API key acting as a user (shown once)",
    usage: "key:create --user usr_0123abcd",
    options: { user: text },
    prepare(values) {
      const uid = requiredText(values, "user", 100);
      return async () => {
        const key = await createApiKey({ uid });
        const note = "Store this key now: it cannot be shown again (only its hash is kept).";
        return {
          json: { id: key.id, uid, key: key.key, masked: key.masked, note },
          text: [`Created API key ${key.id} for user ${uid}`, "", `  ${key.key}`, "", note],
        };
      };
    },
  },
  "key:list": {
    summary: "list an organization's API keys (prefix and last 4 only)",
    usage: "key:list --org 1",
    options: { org: text },
    prepare(values) {
      const orgId = requiredOrgId(values);
      return async () => {
        const keys = (await listApiKeys({ orgId })).data.map((key) => ({
          id: key.id,
          uid: key.uid,
          key: maskApiKey(key.prefix, key.last4),
          created_at: key.created_at,
          last_used_at: key.last_used_at,
          revoked_at: key.revoked_at,
        }));
        const lines = keys.map(
          (key) =>
            `${key.id}  ${key.key}  user ${key.uid}  created ${key.created_at}  ` +
            `last used ${key.last_used_at ?? "never"}${key.revoked_at ? `  REVOKED ${key.revoked_at}` : ""}`,
        );
        return { json: keys, text: lines.length ? lines : ["No API keys"] };
      };
    },
  },
  "key:revoke": {
    summary: "revoke an API key by its id (takes effect on the next request)",
    usage: "key:revoke --key key_0123abcd",
    options: { key: text },
    prepare(values) {
      const keyId = requiredText(values, "key", 100);
      return async () => {
        await revokeApiKey({ keyId, actorUid: null });
        return { json: { id: keyId, revoked: true }, text: [`Revoked API key ${keyId}`] };
      };
    },
  },
  "console:add-account": {
    summary: "add a console sign-in that acts through an existing API key (password from --password or stdin)",
    usage:
      'console:add-account --email fiona@acme.test --name "Fiona Finance" --api-key stk_... --client-id cli_... < password.txt',
    options: { email: text, name: text, password: text, "api-key": text, "client-id": text },
    prepare(values) {
      const email = requiredEmail(values);
      const displayName = requiredText(values, "name", 200);
      const apiKey = requiredText(values, "api-key", 100);
      if (!new RegExp(`^${API_KEY_PATTERN.source}$`).test(apiKey)) throw new UsageError("--api-key is not a Studio API key (stk_…)");
      const clientId = typeof values["client-id"] === "string" ? requiredText(values, "client-id", 100) : null;
      const given = typeof values.password === "string" ? checkedPassword(values.password) : undefined;
      return async () => {
        const password = given ?? checkedPassword(await readPassword());
        // The account acts through the key, so a revoked key or another organization's client id is refused here.
        const principal = await authenticate(apiKey);
        if (clientId) await resolveClientId(principal, clientId);
        const account = await createConsoleAccount({ email, displayName, password, apiKey, clientId });
        await rememberStudioUid(account.id, principal.uid);
        return {
          json: { id: account.id, email: account.email, uid: principal.uid, org_id: principal.orgId, client_id: clientId },
          text: [
            `Added console account ${account.email} acting as ${principal.uid} in organization ${principal.orgId}` +
              (clientId ? ` with client id ${clientId}` : " (no client id: it cannot create invoices)"),
          ],
        };
      };
    },
  },
};

function checkedPassword(password: string): string {
  const problem = newPasswordProblem(password);
  if (problem) throw new UsageError(problem.charAt(0).toLowerCase() + problem.slice(1));
  return password;
}

/** The password from standard input (a pipe or a file), without its trailing newline. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password (end with Ctrl-D): ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

function helpText(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    "Studio operator CLI",
    "",
    "Usage: npm run studio -- <command> [options] [--json]",
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    `  ${"help".padEnd(width)}  show this help`,
    "",
    "Examples:",
    ...Object.values(COMMANDS).map((command) => `  npm run studio -- ${command.usage}`),
    "",
    `Permissions: ${PERMISSIONS.join(", ")}`,
    "--json prints one JSON document instead of lines.",
    "With PGlite the CLI opens $DATA_DIR/pglite itself: stop the server on that DATA_DIR first.",
  ].join("\n");
}

function requiredText(values: Values, name: string, max: number): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  if (value.trim().length > max) throw new UsageError(`--${name} must be at most ${max} characters`);
  return value.trim();
}

function requiredOrgId(values: Values): number {
  const raw = requiredText(values, "org", 20);
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new UsageError(`--org must be an organization id (a positive integer), not "${raw}"`);
  }
  return id;
}

function requiredEmail(values: Values): string {
  const email = requiredText(values, "email", 254).toLowerCase();
  if (!z.email().safeParse(email).success) throw new UsageError(`--email "${email}" is not an email address`);
  return email;
}

function requiredPermissions(values: Values): Permission[] {
  const listed = requiredText(values, "permissions", 500)
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = listed.filter((item) => !isPermission(item));
  if (unknown.length) {
    throw new UsageError(`--permissions: unknown ${unknown.join(", ")} (known: ${PERMISSIONS.join(", ")})`);
  }
  if (!listed.length) throw new UsageError("--permissions needs at least one permission");
  return [...new Set(listed)] as Permission[];
}

function parse(argv: string[]): { name: string; command: Command | undefined; values: Values } {
  const name = argv[0] ?? "help";
  if (name === "help" || name === "--help" || name === "-h") return { name: "help", command: undefined, values: {} };
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  try {
    const { values } = parseArgs({
      args: argv.slice(1),
      options: { ...command.options, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    });
    return { name, command, values: values as Values };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nUsage: npm run studio -- ${command.usage}`);
  }
}

/** A failure the operator can act on, or undefined for an unexpected one. */
function describeFailure(error: unknown): string | undefined {
  if (error instanceof StudioError) return error.message;
  if (error instanceof DatabaseInUseError) return error.message;
  const cause = (error as { cause?: { code?: string; detail?: string } }).cause ?? (error as { code?: string });
  if (cause && cause.code === "23505") {
    return `That record already exists${"detail" in cause && cause.detail ? ` (${cause.detail})` : ""}`;
  }
  return undefined;
}

async function main(argv: string[]): Promise<number> {
  // Log lines (a lost LISTEN, a Redis error) go beside the messages, never into the output (--json).
  logToStandardError();
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\nRun "npm run studio -- help" for the commands.`);
    return 2;
  }
  const { command, values } = parsed;
  if (!command || values.help) {
    console.log(command ? `Usage: npm run studio -- ${command.usage}\n${command.summary}` : helpText());
    return 0;
  }
  let work: () => Promise<Output>;
  try {
    work = command.prepare(values);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\nUsage: npm run studio -- ${command.usage}`);
    return 2;
  }
  try {
    // On stderr, so --json output stays one document.
    console.error(`[studio-cli] ${effectiveSettings()}`);
    // The CLI seals HD seeds (org:create) and console keys (user:create): the deployment's secrets.
    requireServerSecrets("npm run studio", ["STUDIO_SECRET", "CONSOLE_SECRET"]);
    // getDatabase() migrates but never seeds: an operator's database stays as the operator made it.
    const { db } = await getDatabase();
    await checkStudioSecret(db);
    await checkConsoleSecretAtStart();
    const output = await work();
    console.log(values.json ? JSON.stringify(output.json, null, 2) : output.text.join("\n"));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\nUsage: npm run studio -- ${command.usage}`);
      return 2;
    }
    if (error instanceof Error && error.name === "StartRefusedError") {
      console.error(`error: ${error.message}`);
      return 1;
    }
    const known = describeFailure(error);
    console.error(`error: ${known ?? "unexpected failure"}`);
    if (!known) console.error(error);
    return 1;
  } finally {
    await closeDatabase().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
