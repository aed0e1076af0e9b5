// GET /v1/studio/api/dashboard - the organization's aggregate figures (extension)
import { otherMethodsRefused, studioRoute } from "@/lib/studio/http/route";
import { readDashboard } from "@/lib/studio/dashboard/dashboard";
import { dashboardQuerySchema } from "@/lib/studio/dashboard/schemas";

export const GET = studioRoute({ permission: "transfer:read", query: dashboardQuerySchema }, async ({ principal, query }) => ({
  data: await readDashboard({ principal, query }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused("GET");
