// GET /v1/studio/api/users - the organization's people, newest first (extension, org:manage)
// POST /v1/studio/api/users - add a person with permissions (extension, org:manage)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { pagingQuerySchema } from "@/lib/studio/core/paging";
import { userCreateSchema } from "@/lib/studio/orgs/team-schemas";
import { createUser, listUsers } from "@/lib/studio/orgs/operator";

export const GET = studioRoute({ permission: "org:manage", query: pagingQuerySchema }, ({ principal, query }) =>
  listUsers({ orgId: principal.orgId, query }),
);

export const POST = studioRoute({ permission: "org:manage", body: userCreateSchema }, async ({ principal, body }) => ({
  data: (await createUser({ orgId: principal.orgId, actorUid: principal.uid, ...body })).user,
}));

export const { PUT, PATCH, DELETE } = otherMethodsRefused("GET", "POST");
