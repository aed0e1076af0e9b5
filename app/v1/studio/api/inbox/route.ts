// GET /v1/studio/api/inbox - the records waiting for the caller's approval (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { getInbox } from "@/lib/studio/approvals/inbox";

export const GET = studioRoute({ permission: "transfer:approve" }, async ({ principal }) => ({ data: await getInbox({ principal }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");
