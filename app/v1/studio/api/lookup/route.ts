// GET /v1/studio/api/lookup - the records a number, id, deposit address or tx hash names (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { lookupRecords } from "@/lib/studio/lookup/lookup";
import { lookupQuerySchema } from "@/lib/studio/lookup/schemas";

export const GET = studioRoute({ permission: "transfer:read", query: lookupQuerySchema }, async ({ principal, query }) => ({
  data: await lookupRecords({ principal, query }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");
