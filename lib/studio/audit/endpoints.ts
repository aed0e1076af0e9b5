import "server-only";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { auditLogEntryRecordSchema, auditLogQuerySchema } from "@/lib/studio/audit/audit-log";
import { signInSchema } from "@/lib/studio/orgs/team-schemas";

const entry = named("AuditLogEntry", auditLogEntryRecordSchema);
named("SignInRequest", signInSchema);

const tag = "Audit log";

export const auditEndpoints = [
  endpoint({
    method: "get", path: "/audit_log", tag, summary: "Who did what in the organization, newest first",
    description: "Rows are never changed or deleted. Filters match exactly; `created_after` is inclusive, `created_before` exclusive.",
    permission: "org:manage", query: auditLogQuerySchema, response: entry, list: { cursor: true }, extension: true,
  }),
  endpoint({
    method: "post", path: "/me/sign_ins", tag, summary: "Record a console sign-in, or a failed one, of the key's own user",
    description:
      "The console's server calls it with the person's key after checking their password; the row is the answer. No key alone may: " +
      "the request carries `X-Studio-Console-Proof: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<API key>.<body>\">` under a key derived " +
      "from CONSOLE_SECRET, at most 5 minutes old; without it the answer is 403 (40300) and nothing is written.",
    permission: null,
    body: { schema: signInSchema, example: { outcome: "succeeded", ip: "203.0.113.9", user_agent: "Mozilla/5.0" } },
    response: entry, extension: true,
  }),
];
