import "server-only";
import { endpoint, named } from "@/lib/studio/openapi/endpoint";
import { dashboardQuerySchema, dashboardRecordSchema } from "@/lib/studio/dashboard/schemas";

export const dashboardEndpoints = [
  endpoint({
    method: "get", path: "/dashboard", tag: "Dashboard", permission: "transfer:read", extension: true,
    summary: "The organization's figures: money in and out per period and token, the invoice funnel, receivables aging, what awaits the caller, balances",
    query: dashboardQuerySchema, response: named("Dashboard", dashboardRecordSchema),
  }),
];
