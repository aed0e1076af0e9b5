import "server-only";
import { z } from "zod";
import { positiveDecimalString } from "@/lib/studio/core/validation";

const address = z.string().trim().min(1).max(128);

/** A simulated transfer: any amount, payer and confirmation time (Unix seconds). */
export const sandboxTransferSchema = z.object({
  amount: positiveDecimalString,
  payer_address: address.optional(),
  timestamp: z.number().int().positive().optional(),
});
export const sandboxPaySchema = sandboxTransferSchema.extend({ payment_address: address });
export type SandboxTransferInput = z.infer<typeof sandboxTransferSchema>;
export type SandboxPayInput = z.infer<typeof sandboxPaySchema>;
