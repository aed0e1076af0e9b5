import path from "node:path";
import { z } from "zod";
import { CHAINS } from "@/lib/studio/chain/registry";

// The one place that reads process.env: everything else imports `env`.
const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "1" || value === "true"));

const envSchema = z.object({
  // Next's own mode (set by `next dev` / `next start`); it decides nothing of Studio's defaults.
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  // Studio's defaults: production-safe however the process was launched (`npm start`, the worker,
  // the CLI, a bare `node`), unless `npm run dev` or the tests say "development".
  STUDIO_ENV: z.enum(["production", "development"]).default("production"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  // A connection straight to PostgreSQL for what needs a session of its own (LISTEN/NOTIFY, the
  // migration lock) when DATABASE_URL points at a pooler in transaction mode (PgBouncer).
  DIRECT_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DIRECT_DATABASE_URL must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: flag,
  SEED_DEMO_INVOICES: z.coerce.number().int().min(0).default(200),
  // With SEED_DEMO: console sign-ins for the demo people (each a password hash, ~0.3 s of CPU); 0 for API keys only.
  SEED_DEMO_ACCOUNTS: flag,
  STUDIO_SECRET: z.string().min(32).optional(),
  CONSOLE_SECRET: z.string().min(32).optional(),
  STUDIO_API_URL: z.string().url().optional(),
  // A font file (TTF, OTF or TTC) for invoice PDFs with text beyond Latin-1, e.g. Traditional Chinese.
  INVOICE_PDF_FONT: z.string().min(1).optional(),
  // The origin payers reach this server at: the hosted payment page's links (kg_deep_link) start with it.
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, "PUBLIC_URL must be an http(s) origin like https://pay.example.com")
    .optional(),
  SANDBOX_CHAIN: flag,
  SWEEPER: flag,
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(1000),
  TWD_PER_USD: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, "TWD_PER_USD must be a decimal like 32.5")
    .default("32.5"),
  PORT: z.coerce.number().int().default(3000),
  // API requests per second per key (burst: the same number at once); 0 turns the limit off.
  STUDIO_RATE_LIMIT: z
    .string()
    .regex(/^\d{1,7}$/, "STUDIO_RATE_LIMIT must be a whole number of requests per second per API key (0 turns the limit off)")
    .optional()
    .transform((value) => (value === undefined ? 100 : Number(value))),
  // Failed sign-ins a client address may make per 15 minutes (an office behind one NAT shares one).
  SIGN_IN_ADDRESS_LIMIT: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, "SIGN_IN_ADDRESS_LIMIT must be a whole number of sign-in attempts per 15 minutes, at least 1")
    .optional()
    .transform((value) => (value === undefined ? 30 : Number(value))),
  // Rate-limit counters live in Redis when set, else in the database.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL")
    .optional(),
  // Webhooks (product-decisions §5): private and loopback callback targets are refused unless allowed.
  WEBHOOK_ALLOW_PRIVATE: flag,
  // Seconds to wait before each retry, e.g. "1,2,3" in tests ("" for none); the default is the §5 schedule.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^(\d+(,\d+)*)?$/, "WEBHOOK_RETRY_SCHEDULE must be comma-separated whole seconds, e.g. 30,120,600")
    .default("30,120,600,1800,7200,21600,43200,86400")
    .transform((text) => (text ? text.split(",").map(Number) : [])),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(20).default(250),
  // Attempts one endpoint (an organization's callback URL) may have in flight at once, over every dispatcher.
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  // Invoice e-mail (issue 26): without SMTP_URL no e-mail is queued or sent.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
    .optional(),
  // The From of every invoice e-mail; left out, no-reply@ the PUBLIC_URL's host.
  SMTP_FROM: z.string().min(3).optional(),
  // Seconds to wait before each retry of an e-mail the SMTP server deferred or could not be reached for.
  EMAIL_RETRY_SCHEDULE: z
    .string()
    .regex(/^(\d+(,\d+)*)?$/, "EMAIL_RETRY_SCHEDULE must be comma-separated whole seconds, e.g. 60,300,1800")
    .default("60,300,1800,7200,21600,86400")
    .transform((text) => (text ? text.split(",").map(Number) : [])),
  EMAIL_POLL_MS: z.coerce.number().int().min(20).default(1000),
  EMAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // Days before an invoice's due date its reminder goes; 0 sends none before the due date.
  INVOICE_REMINDER_DAYS_BEFORE: z.coerce.number().int().min(0).max(365).default(3),
  // The least severe log lines written (JSON, one a line, on standard output).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Prometheus metrics at /metrics, for scrapes that send `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics is 404.
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  // The worker's /metrics listens on this port (127.0.0.1 unless METRICS_HOST); unset, the worker serves none.
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // How many reverse proxies of ours append to X-Forwarded-For in front of the console.
  TRUSTED_PROXY_HOPS: z
    .string()
    .regex(/^(10|\d)?$/, "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
    .optional()
    .transform((value) => (value ? Number(value) : 0)),
});

const parsed = envSchema.parse(process.env);
// Demo data, the pay-anything sandbox and webhooks to private addresses are for trying Studio out:
// a production process has none of them unless the operator turns each on.
const tryingOut = parsed.STUDIO_ENV === "development";

export const env = {
  ...parsed,
  DATA_DIR: path.resolve(parsed.DATA_DIR),
  SEED_DEMO: parsed.SEED_DEMO ?? tryingOut,
  SEED_DEMO_ACCOUNTS: parsed.SEED_DEMO_ACCOUNTS ?? true,
  SANDBOX_CHAIN: parsed.SANDBOX_CHAIN ?? tryingOut,
  SWEEPER: parsed.SWEEPER ?? true,
  WEBHOOK_ALLOW_PRIVATE: parsed.WEBHOOK_ALLOW_PRIVATE ?? tryingOut,
};

/**
 * The settings whose defaults follow STUDIO_ENV, as this process resolved them: every process
 * logs this line at start, so an operator sees what a launch really chose.
 */
export function effectiveSettings(): string {
  const onOff = (value: boolean) => (value ? "on" : "off");
  return [
    `STUDIO_ENV=${env.STUDIO_ENV}`,
    `database=${env.DATABASE_URL ? "postgresql" : "pglite"}`,
    `SANDBOX_CHAIN=${onOff(env.SANDBOX_CHAIN)}`,
    `SEED_DEMO=${onOff(env.SEED_DEMO)}`,
    `WEBHOOK_ALLOW_PRIVATE=${onOff(env.WEBHOOK_ALLOW_PRIVATE)}`,
    `SWEEPER=${onOff(env.SWEEPER)}`,
  ].join(" ");
}

/**
 * The port this server listens on. `next start -p` stores the chosen port in process.env.PORT
 * only once it listens, which can be after this module was first imported.
 */
export function listeningPort(): number {
  const port = Number(process.env.PORT);
  return Number.isInteger(port) && port > 0 ? port : env.PORT;
}

// Real EVM chains (issue 24), kept apart from the settings above. CHAIN_<ID>_RPC_URL puts a chain
// of the registry on the JSON-RPC adapter; the other CHAIN_<ID>_* settings adjust what it expects.
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
// A node's answers decide what is credited and its URL often carries an API key: only TLS reaches
// it, except on this machine (a node or a tunnel on a loopback address).
const nodeUrl = z
  .string()
  .url()
  .refine(isTlsOrLoopback, "must be an https:// URL (plain http:// only to a loopback address: 127.0.0.0/8, localhost or [::1])");
const chainSettingsSchema = z.object({
  RPC_URL: nodeUrl.optional(),
  // A second node that must give the same block hash and the same log before a deposit is credited.
  VERIFY_RPC_URL: nodeUrl.optional(),
  // When a block counts as final: CONFIRMATIONS deep (depth), or at or below the node's `safe` or `finalized` block.
  FINALITY: z.enum(["depth", "safe", "finalized"]).default("depth"),
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  CONFIRMATIONS: z.coerce.number().int().min(1).max(10_000).optional(),
  TOKEN_USDC: evmAddress.optional(),
  TOKEN_USDT: evmAddress.optional(),
});
export type ChainSettings = z.infer<typeof chainSettingsSchema>;

/** The CHAIN_<ID>_* settings of every EVM chain in the registry that has an RPC URL, by chain id. */
export const chainSettings: Readonly<Record<string, ChainSettings & { RPC_URL: string }>> = Object.fromEntries(
  CHAINS.filter((chain) => chain.evm).flatMap((chain) => {
    const prefix = `CHAIN_${chain.id.toUpperCase()}_`;
    const raw = Object.fromEntries(Object.keys(chainSettingsSchema.shape).map((key) => [key, process.env[prefix + key] || undefined]));
    const parsedChain = chainSettingsSchema.safeParse(raw);
    if (!parsedChain.success) {
      const issue = parsedChain.error.issues[0]!;
      throw new Error(`${prefix}${String(issue.path[0])} ${issue.message}`);
    }
    const settings = parsedChain.data;
    return settings.RPC_URL ? [[chain.id, { ...settings, RPC_URL: settings.RPC_URL }]] : [];
  }),
);

/** Whether `url` is https://, or http:// to a loopback address (127.0.0.0/8, localhost, [::1]). */
export function isTlsOrLoopback(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "https:") return true;
  if (parsed.protocol !== "http:") return false;
  const host = parsed.hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

const chainTuningSchema = z.object({
  // A send not mined this long after its broadcast is replaced (same nonce, higher fee).
  CHAIN_REPLACE_AFTER_MS: z.coerce.number().int().min(100).default(120_000),
  // The largest block range one eth_getLogs asks for; the scanner shrinks it on errors and provider limits.
  CHAIN_SCAN_MAX_RANGE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  // How long a process holds a chain's scanner or send tracker without renewing it (each round
  // renews it): when the holder dies, another process takes the chain over after at most this.
  CHAIN_LEASE_MS: z.coerce.number().int().min(500).max(60_000).default(30_000),
});
export const chainTuning = chainTuningSchema.parse(process.env);

/**
 * Every variable this module reads, as an operator writes it (`CHAIN_<ID>_…` once for all chains):
 * `.env.example` documents exactly these (lib/env.test.ts holds the two together).
 */
export const ENV_VARIABLES: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...Object.keys(chainSettingsSchema.shape).map((key) => `CHAIN_<ID>_${key}`),
  ...Object.keys(chainTuningSchema.shape),
];
