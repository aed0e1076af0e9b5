// The one logger of every Studio process (servers, worker, CLI, migrations): JSON lines on
// standard output, at LOG_LEVEL, each carrying the request id (and organization) of the request
// being answered when there is one.
import { format, stripVTControlCharacters } from "node:util";
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";
import { currentRequest } from "@/lib/observability/request-context";
import { redactSecrets, redactSecretsDeep } from "@/lib/observability/redact";

// Nothing logs headers or bodies; should one ever be passed in, these never reach the output.
const REDACTED = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "api_key",
  "key",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.secret",
  "*.api_key",
  "*.key",
  '*["x-studio-api-key"]',
  '*["set-cookie"]',
  "headers",
  "*.headers",
];

// A failed query's error (drizzle's "Failed query: … params: …") names the statement's parameters,
// which may be a key's hash, a sealed secret or a password hash: the statement stays, they go.
const QUERY_PARAMS = /\nparams: [^\n]*/g;

function withoutQueryParams(value: unknown): unknown {
  if (typeof value === "string") return value.replace(QUERY_PARAMS, "\nparams: [redacted]");
  if (Array.isArray(value)) return value.map(withoutQueryParams);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutQueryParams(inner)]));
  return value;
}

const holder = globalThis as typeof globalThis & { __studioLogger?: Logger; __studioLogOutput?: NodeJS.WriteStream };

/**
 * Standard output, written synchronously (a file or a pipe on Linux): a line logged just before
 * process.exit is not lost. The CLI moves it to standard error, where its own output is not.
 */
const output = { write: (line: string) => void (holder.__studioLogOutput ?? process.stdout).write(line) };

export function logToStandardError(): void {
  holder.__studioLogOutput = process.stderr;
}

function create(): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A node URL's key (registered secret texts) is taken out of every field and every message.
    formatters: { level: (label) => ({ level: label }), log: (fields) => redactSecretsDeep(fields) as Record<string, unknown> },
    hooks: {
      logMethod(args, write) {
        write.apply(this, args.map((arg) => (typeof arg === "string" ? redactSecrets(arg) : arg)) as Parameters<typeof write>);
      },
    },
    redact: { paths: REDACTED, censor: "[redacted]" },
    serializers: { err: (error: Error) => redactSecretsDeep(withoutQueryParams(pino.stdSerializers.err(error))) },
    mixin() {
      const request = currentRequest();
      if (!request) return {};
      return request.orgId === undefined ? { request_id: request.requestId } : { request_id: request.requestId, org_id: request.orgId };
    },
  }, output);
}

// One instance per process, shared by the copies of this module that different bundles load.
export const log: Logger = (holder.__studioLogger ??= create());

/** The `(message, error)` shape the background loops report their failures with. */
export function logError(message: string, error?: unknown): void {
  if (error === undefined) log.error(message);
  else log.error({ err: error }, message);
}

/**
 * Long-running processes (`npm start`, the worker): what other code writes with console.* (Next.js's
 * own start-up lines and warnings, a library's complaint) becomes a log line too, so every line
 * on the output is JSON.
 */
export function captureConsole(): void {
  const route = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
    const error = args.find((arg): arg is Error => arg instanceof Error);
    const message = stripVTControlCharacters(format(...args.filter((arg) => arg !== error))).trim();
    if (error) log[level]({ err: error }, message || error.message);
    else log[level](message);
  };
  console.log = route("info");
  console.info = route("info");
  console.warn = route("warn");
  console.error = route("error");
}
