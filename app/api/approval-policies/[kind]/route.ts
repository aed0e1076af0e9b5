// PUT /api/approval-policies/{kind} - set a record kind's approval tiers (org:manage)
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";
import { approvalPolicyUpdateSchema } from "@/lib/studio/approvals/schemas";

export const PUT = consoleRoute({ mutating: true }, async ({ request, ctx, params }) => {
  const parsed = approvalPolicyUpdateSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new BadRequest(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  return { data: await ctx.client.approvalPolicies.set(params.kind ?? "", parsed.data) };
});
