// GET /v1/studio/api/inbox - the records waiting for the caller's approval (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getInbox } from "@/lib/studio/approvals/inbox";
import { inboxQuerySchema } from "@/lib/studio/approvals/schemas";

export const GET = studioRoute({ permission: "transfer:approve", query: inboxQuerySchema }, async ({ principal, query }) => ({ data: await getInbox({ principal, query }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");
