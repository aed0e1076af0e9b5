import "server-only";
import { z } from "zod";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { savedViewCreateSchema, savedViewRecordSchema, savedViewsQuerySchema, SAVED_VIEWS_PER_LIST } from "@/lib/studio/saved-views/schemas";

const tag = "Saved views";
const view = named("SavedView", savedViewRecordSchema);

export const savedViewEndpoints = [
  endpoint({
    method: "get", path: "/saved_views", tag, permission: "transfer:read", extension: true,
    summary: "The caller's saved views of a list, by name",
    query: savedViewsQuerySchema, response: z.array(view),
  }),
  endpoint({
    method: "post", path: "/saved_views", tag, permission: "transfer:read", extension: true,
    summary: "Save the current filters and sort of a list under a name",
    description:
      `A view belongs to the key's person; nobody else sees it. The query is checked as the list would check it (400 naming \`query\`); ` +
      `a name the person already uses for that list is 409; more than ${SAVED_VIEWS_PER_LIST} views of one list is 422.`,
    body: { schema: named("SavedViewCreateRequest", savedViewCreateSchema), example: { list: "invoices", name: "Awaiting payment, due first", query: "sort=due_date&status_category=awaiting_payment" } }, response: view, refusals: { conflict: true, businessRule: true },
  }),
  endpoint({
    method: "delete", path: "/saved_views/{id}", tag, permission: "transfer:read", extension: true,
    summary: "Delete one of the caller's saved views",
    pathId: { description: "The saved view's id", example: "view_1a2b3c4d5e6f708192a3b4c5" },
    response: view, refusals: { notFound: true },
  }),
];
