import "server-only";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { PERMISSIONS } from "@/lib/studio/auth/permissions";
import { apiKeyRecordSchema, createdApiKeyRecordSchema, userRecordSchema } from "@/lib/studio/orgs/operator";
import { apiKeyCreateSchema, apiKeyListQuerySchema, userCreateSchema, userUpdateSchema } from "@/lib/studio/orgs/team-schemas";

const user = named("User", userRecordSchema);
const apiKey = named("ApiKey", apiKeyRecordSchema);
const createdApiKey = named("CreatedApiKey", createdApiKeyRecordSchema);
const knownPermissions = `\`permissions\` may name only ${PERMISSIONS.map((permission) => `\`${permission}\``).join(", ")}; another is 400 naming it.`;
const userCreateRequest = named("UserCreateRequest", userCreateSchema.meta({ description: knownPermissions }));
const userUpdateRequest = named("UserUpdateRequest", userUpdateSchema.meta({ description: `At least one of \`permissions\` and \`disabled\`. ${knownPermissions}` }));
const apiKeyCreateRequest = named("ApiKeyCreateRequest", apiKeyCreateSchema);

const tag = "Team";
const audited = "Writes a row to the audit log in the same transaction.";

export const teamEndpoints = [
  endpoint({
    method: "get", path: "/users", tag, summary: "The organization's people, newest first", permission: "org:manage",
    query: pagingQuerySchema, response: user, list: {}, extension: true,
  }),
  endpoint({
    method: "post", path: "/users", tag, summary: "Add a person with permissions",
    description: `An email already in the organization is 409/40900. A person acts through API keys they make themselves (POST /api_keys); the console's invite gives them their first one inside their console sign-in. ${audited}`,
    permission: "org:manage",
    body: { schema: userCreateRequest, example: { name: "Fiona Finance", email: "fiona@merchant.example", permissions: ["transfer:read", "transfer:create"] } },
    response: user, extension: true,
  }),
  endpoint({
    method: "patch", path: "/users/{id}", tag, summary: "Change a person's permissions, or disable or enable them",
    description: `Takes effect on the person's next request. The last enabled person with \`org:manage\` cannot lose it or be disabled (409/40900). ${audited}`,
    permission: "org:manage", pathId: { description: "The person's uid", example: "usr_4c1d2e3f5a6b7c8d9e0f1a2b" },
    body: { schema: userUpdateRequest, example: { permissions: ["transfer:read", "transfer:approve"], disabled: false } },
    response: user, refusals: { conflict: true }, extension: true,
  }),
  endpoint({
    method: "get", path: "/api_keys", tag, summary: "The organization's API keys, newest first (never their secrets)", permission: "org:manage",
    query: apiKeyListQuerySchema, response: apiKey, list: {}, extension: true,
  }),
  endpoint({
    method: "post", path: "/api_keys", tag, summary: "Make an API key for yourself: the secret is in this response only",
    description: `The key acts as its creator, the caller, with the caller's permissions (spec 5.3). Keys are made for oneself only: \`uid\` may be left out, and any uid but the caller's own is 403/40300 (an admin included: a key acting as a colleague would defeat maker-checker). The secret is kept in no idempotency row: a replay of the Idempotency-Key is 409/40903, naming the key made, whose secret cannot be shown again (revoke it if the first answer was lost). ${audited}`,
    permission: null,
    body: { schema: apiKeyCreateRequest, optional: true, example: {} },
    response: createdApiKey, extension: true,
  }),
  endpoint({
    method: "post", path: "/api_keys/{id}/revoke", tag, summary: "Revoke an API key: it stops working on the next request",
    description: `A key already revoked is 409/40900. ${audited}`,
    permission: "org:manage", pathId: { description: "The key's id", example: "key_9a8b7c6d5e4f3a2b1c0d9e8f" },
    response: apiKey, extension: true,
  }),
];
