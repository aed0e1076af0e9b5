import "server-only";
import { withdrawals } from "@/lib/studio/db/balances-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";
import { newId } from "@/lib/studio/core/ids";
import { AmountFormatError, formatUnits, parseUnits } from "@/lib/studio/core/money";
import { debit, requireAvailable } from "@/lib/studio/balances/ledger";
import { requirementFor } from "@/lib/studio/approvals/policies";
import { withdrawalSubject } from "@/lib/studio/withdrawals/subject";
import type { ChainInfo, TokenInfo } from "@/lib/studio/chain/registry";
import { configuredChain, requireChainAvailable } from "@/lib/studio/chain/evm/rpc-chains";
import { requireAddressFor } from "@/lib/studio/chain/require-address";
import { planSend } from "@/lib/studio/chain/sends";
import { requireOnChainFunds } from "@/lib/studio/chain/evm/funds";
import { inTransaction } from "@/lib/studio/core/unit-of-work";
import type { WithdrawalInput } from "@/lib/studio/withdrawals/schemas";
import { serializeTransfer } from "@/lib/studio/withdrawals/serialize";

// POST /asset_pro/transfer (product-decisions §7): the debit, the withdrawal and its chain send
// commit together; the broadcast follows the commit. When the withdrawal approval policy's tier
// for the amount needs approvers, it is a request instead (awaiting_approval): nothing is sent or
// debited until its last approval (review-withdrawal.ts), but its amount is reserved meanwhile.
// On an RPC chain the chain itself must be able to pay too (treasury balance, gas tank), whatever the ledger says.
export async function createWithdrawal(input: { principal: Principal; request: WithdrawalInput; now?: Date }) {
  const { principal, request } = input;
  const now = input.now ?? new Date();
  const chain = requireChain(request.chain_id);
  const token = requireContract(chain, request.contract_address);
  const walletAddress = requireAddressFor(chain.id, "wallet_address", request.wallet_address);
  const units = withdrawalUnits(request.amount, token);
  await requireOnChainFunds({ chain, orgId: principal.orgId, token, units });

  return inTransaction(async (tx) => {
    const id = newId("wd");
    const amount = formatUnits(units, token.decimals);
    const key = { orgId: principal.orgId, chainId: chain.id, tokenAddress: token.address, symbol: token.symbol, decimals: token.decimals };
    const fields = { id, orgId: principal.orgId, chainId: chain.id, tokenAddress: token.address, symbol: token.symbol, decimals: token.decimals, amount, walletAddress, creatorUid: principal.uid, createdAt: now };
    // The policy in force now is its policy for good (read again by its creation time, like an invoice's by its version's).
    const { required } = await requirementFor(tx, withdrawalSubject({ ...fields, reviewStatus: "awaiting_approval" }));
    // A request sends nothing until its last approval, but one the balance could not pay is refused
    // now; its row, written below under the balance row's lock, reserves the amount from then on.
    if (required > 0) await requireAvailable(tx, { key, units, field: "amount" });
    const send =
      required > 0
        ? undefined
        : await planSend(tx, { orgId: principal.orgId, paymentIntentId: null, purpose: "withdrawal", chain, tokenAddress: token.address, to: walletAddress, amount, now });
    const [row] = await tx
      .insert(withdrawals)
      .values({ ...fields, ...(send ? { sendId: send.id, txHash: send.txHash } : { reviewStatus: "awaiting_approval" as const }) })
      .returning();
    if (!row) throw new Error("withdrawal insert returned no row");
    // Before the debit, so a debit the balance refuses takes the audit row back with it.
    await recordAudit(tx, {
      orgId: principal.orgId,
      actorUid: principal.uid,
      action: "withdrawal.created",
      objectType: "withdrawal",
      objectId: id,
      details: {
        chain_id: chain.id,
        symbol: token.symbol,
        amount,
        wallet_address: walletAddress,
        ...(send ? { tx_hash: send.txHash } : { review_status: "awaiting_approval", required_approvals: required }),
      },
      now,
    });
    if (!send) return serializeTransfer(row, null, { required, collected: 0 });
    await debit(tx, { key, units, kind: "withdrawal", reference: `withdrawal:${id}`, withdrawalId: id, field: "amount", now });
    return serializeTransfer(row, "pending");
  });
}

function refuse(field: string, message: string): StudioError {
  return new StudioError("business_rule", `${field} ${message}`, [{ field, message }]);
}

export function requireChain(chainId: string): ChainInfo {
  const chain = configuredChain(chainId);
  if (!chain) throw refuse("chain_id", `${chainId} is not a supported chain`);
  requireChainAvailable(chain, "chain_id");
  return chain;
}

/** The token whose contract this is on `chain`; EVM addresses compare without their checksum case. */
export function requireContract(chain: ChainInfo, contractAddress: string): TokenInfo {
  const same = (a: string, b: string) => (chain.family === "evm" ? a.toLowerCase() === b.toLowerCase() : a === b);
  const token = Object.values(chain.tokens).find((candidate) => candidate && same(candidate.address, contractAddress));
  if (!token) {
    const offered = Object.values(chain.tokens)
      .map((candidate) => `${candidate.symbol} ${candidate.address}`)
      .join(", ");
    throw refuse("contract_address", `is not a supported token contract on ${chain.id} (supported: ${offered})`);
  }
  return token;
}

function withdrawalUnits(amount: string, token: TokenInfo): bigint {
  let units: bigint;
  try {
    units = parseUnits(amount, token.decimals);
  } catch (error) {
    if (error instanceof AmountFormatError) throw refuse("amount", `must have at most ${token.decimals} decimal places (${token.symbol} decimals)`);
    throw error;
  }
  if (units <= 0n) throw refuse("amount", "must be greater than zero");
  return units;
}
