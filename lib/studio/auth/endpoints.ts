import "server-only";
import { z } from "zod";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { meRecordSchema } from "@/lib/studio/auth/me";

const me = named("Me", meRecordSchema);

export const accountEndpoints = [
  endpoint({ method: "get", path: "/me", tag: "Account", summary: "The key's user, organization and permissions", permission: null, response: me, extension: true }),
  endpoint({
    method: "get", path: "/openapi.json", tag: "Reference", summary: "This OpenAPI 3.1 document", permission: "public",
    response: z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document" }), raw: true, extension: true,
  }),
];
