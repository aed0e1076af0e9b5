import "server-only";
import { z } from "zod";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { lookupMatchSchema, lookupQuerySchema, LOOKUP_LIMIT } from "@/lib/studio/lookup/schemas";

export const lookupEndpoints = [
  endpoint({
    method: "get", path: "/lookup", tag: "Lookup", permission: "transfer:read", extension: true,
    summary: `Finds the records a number, id, deposit address or tx hash names, in the caller's organization (at most ${LOOKUP_LIMIT}, exact matches)`,
    query: lookupQuerySchema, response: z.array(named("LookupMatch", lookupMatchSchema)),
  }),
];
