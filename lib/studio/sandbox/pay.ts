import "server-only";
import { env } from "@/lib/env";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";
import { recordTransfer } from "@/lib/studio/deposits/record-transfer";
import { isSandboxDeniedPayer } from "@/lib/studio/sandbox/deny-list";
import type { SandboxPayInput, SandboxTransferInput } from "@/lib/studio/sandbox/schemas";

// POST /sandbox/pay and /sandbox/payment_intent/{id}/pay: what a confirmed chain transfer would do,
// on demand, for people who may move funds (transfer:sign) in the organization that owns the address.
export async function sandboxPay(input: { principal: Principal; request: SandboxPayInput }) {
  requireSandbox();
  const { payment_address, ...rest } = input.request;
  return recordTransfer({ orgId: input.principal.orgId, to: { paymentAddress: payment_address }, ...transferFields(rest) });
}

export async function sandboxPayIntent(input: { principal: Principal; paymentIntentId: string; request: SandboxTransferInput }) {
  requireSandbox();
  return recordTransfer({
    orgId: input.principal.orgId,
    to: { paymentIntentId: input.paymentIntentId },
    ...transferFields(input.request),
  });
}

function transferFields(request: SandboxTransferInput) {
  return {
    amount: request.amount,
    payerAddress: request.payer_address,
    timestamp: request.timestamp,
    complianceFlagged: isSandboxDeniedPayer(request.payer_address),
  };
}

function requireSandbox(): void {
  // A server reaching real chains has no such endpoint at all.
  if (!env.SANDBOX_CHAIN) throw new StudioError("not_found", "The sandbox chain is not enabled on this server");
}
