// PATCH /api/team/users/{uid} - change a person's permissions, or disable / enable them
import { z } from "zod";
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";

const changeSchema = z
  .object({ permissions: z.array(z.string().max(100)).max(20).optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((change) => change.permissions !== undefined || change.disabled !== undefined, "Say what to change");

export const PATCH = consoleRoute({ mutating: true }, async ({ request, ctx, params }) => {
  const parsed = changeSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new BadRequest(parsed.error.issues.map((issue) => issue.message).join("; "));
  return { data: await ctx.client.users.update(params.uid ?? "", parsed.data) };
});
