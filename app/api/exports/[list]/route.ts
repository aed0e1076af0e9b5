// GET /api/exports/{list} - the list's CSV under the given filters and sort, streamed from the Studio
import { BadRequest, consoleRoute, documentResponse } from "@/lib/console/route";
import { isExportList } from "@/lib/console/studio-client";

export const GET = consoleRoute({ mutating: false }, async ({ request, ctx, params }) => {
  const list = params.list ?? "";
  if (!isExportList(list)) throw new BadRequest(`Unknown export ${list}`);
  return documentResponse(await ctx.client.exportCsv(list, new URL(request.url).searchParams), "text/csv; charset=utf-8");
});
