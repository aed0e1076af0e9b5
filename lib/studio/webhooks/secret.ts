import "server-only";
// GET /webhook/secret (extension): the organization's signing secret, for the admin who sets up the
// receiver. Only this endpoint returns it; no list or record response carries it.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Principal } from "@/lib/studio/auth/principal";
import { organizations } from "@/lib/studio/db/orgs-schema";
import { notFound } from "@/lib/studio/core/errors";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import { inTransaction } from "@/lib/studio/core/unit-of-work";

export const webhookSecretRecordSchema = z.object({
  secret: z.string().meta({ description: "Signs every webhook the organization receives (Standard Webhooks); keep it on the receiving server", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
});
export type WebhookSecretRecord = z.infer<typeof webhookSecretRecordSchema>;

/**
 * Whoever holds the secret can forge the organization's webhooks, so every reveal is audited
 * (`webhook_secret.revealed`), in the transaction that reads it: no audit row, no secret.
 */
export async function webhookSecret(input: { principal: Principal }): Promise<WebhookSecretRecord> {
  return inTransaction(async (tx) => {
    const [row] = await tx.select({ secret: organizations.webhookSecret }).from(organizations).where(eq(organizations.id, input.principal.orgId));
    if (!row) throw notFound(`Organization ${input.principal.orgId}`);
    await recordAudit(tx, {
      orgId: input.principal.orgId,
      actorUid: input.principal.uid,
      action: "webhook_secret.revealed",
      objectType: "organization",
      objectId: String(input.principal.orgId),
    });
    return { secret: row.secret };
  });
}
