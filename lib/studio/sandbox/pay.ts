import "server-only";
import { and, eq } from "drizzle-orm";
import { env } from "@/lib/env";
import { oneStatementScope } from "@/lib/studio/core/unit-of-work";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { chainMode } from "@/lib/studio/chain/evm/rpc-chains";
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
  await refuseRealChain(input.principal.orgId, eq(paymentIntents.paymentAddress, payment_address));
  return recordTransfer({ orgId: input.principal.orgId, to: { paymentAddress: payment_address }, ...transferFields(rest) });
}

export async function sandboxPayIntent(input: { principal: Principal; paymentIntentId: string; request: SandboxTransferInput }) {
  requireSandbox();
  await refuseRealChain(input.principal.orgId, eq(paymentIntents.id, input.paymentIntentId));
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

/**
 * A payment on a chain this server follows through a node is paid only by the node's transfers:
 * the sandbox crediting it would settle, sweep and let withdraw money that is not there. It is
 * not a sandbox payment, so the sandbox does not find it (404).
 */
async function refuseRealChain(orgId: number, which: ReturnType<typeof eq>): Promise<void> {
  // Through the request's open unit of work (an Idempotency-Key's claim): beside it, PGlite's one
  // connection would wait for that transaction forever.
  const database = await oneStatementScope();
  const [pi] = await database.select({ id: paymentIntents.id, chainId: paymentIntents.chainId }).from(paymentIntents).where(and(which, eq(paymentIntents.orgId, orgId))).limit(1);
  if (pi && chainMode(pi.chainId) === "rpc") {
    throw new StudioError("not_found", `Payment intent ${pi.id} is on chain ${pi.chainId}, which this server follows through its node: the sandbox does not pay it`);
  }
}
