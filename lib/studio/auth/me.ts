import "server-only";
import { z } from "zod";
import { PERMISSIONS } from "@/lib/studio/auth/permissions";
import type { Principal } from "@/lib/studio/auth/principal";

/** GET /me: the key's user, organization and permissions. */
export const meRecordSchema = z.object({
  uid: z.string().meta({ example: "usr_4c1d2e3f" }),
  name: z.string().meta({ example: "Finance" }),
  email: z.string().meta({ example: "finance@merchant.example" }),
  org_id: z.number().int().meta({ example: 1 }),
  org_name: z.string().meta({ example: "Demo Merchant" }),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type MeRecord = z.infer<typeof meRecordSchema>;

export function serializeMe(principal: Principal): MeRecord {
  return {
    uid: principal.uid,
    name: principal.name,
    email: principal.email,
    org_id: principal.orgId,
    org_name: principal.orgName,
    permissions: principal.permissions,
  };
}
