import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { clientIds } from "@/lib/studio/db/orgs-schema";
import { clientIdOrganization, type Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";

/** The X-Client-ID of a create call: present (40001) and one of the caller's organization (40301). */
export async function resolveClientId(principal: Principal, header: string | null): Promise<string> {
  if (!header) throw new StudioError("client_id_missing", "X-Client-ID header is required on create endpoints");
  const orgId = await clientIdOrganization(header, async () => {
    const database = await db();
    const [row] = await database.select({ orgId: clientIds.orgId }).from(clientIds).where(eq(clientIds.clientId, header)).limit(1);
    return row?.orgId;
  });
  if (orgId !== principal.orgId) {
    throw new StudioError("client_id_forbidden", "X-Client-ID is unknown or belongs to another organization");
  }
  return header;
}
