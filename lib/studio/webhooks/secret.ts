// GET /webhook/secret (extension): the organization's signing secret, for the admin who sets up the
// receiver. Only this endpoint returns it; no list or record response carries it.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { organizations } from "@/lib/studio/db/schema";
import { notFound } from "@/lib/studio/errors";

export const webhookSecretRecordSchema = z.object({
  secret: z.string().meta({ description: "Signs every webhook the organization receives (Standard Webhooks); keep it on the receiving server", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
});
export type WebhookSecretRecord = z.infer<typeof webhookSecretRecordSchema>;

export async function webhookSecret(input: { principal: Principal }): Promise<WebhookSecretRecord> {
  const [row] = await (await db())
    .select({ secret: organizations.webhookSecret })
    .from(organizations)
    .where(eq(organizations.id, input.principal.orgId));
  if (!row) throw notFound(`Organization ${input.principal.orgId}`);
  return { secret: row.secret };
}
