// Review requests shared by every owner's workflow (spec 4.1, reused by 4.2 as written).
import { z } from "zod";
import { chainAddress, nonBlank } from "@/lib/studio/validation";

export const fileIds = z.array(nonBlank(200)).max(20);

export const rejectSchema = z.object({ reason: nonBlank(2000) });
export const refundSchema = z.object({
  refund_address: chainAddress,
  refund_reason: nonBlank(2000),
  refund_attachments: fileIds,
});
export type RejectInput = z.infer<typeof rejectSchema>;
export type RefundInput = z.infer<typeof refundSchema>;
