import "server-only";
// POST /chain_sends/{id}/resolve: a person's answer about a send the tracker held for review.
// "sent" is believed only as far as the chain bears it out: the named transaction's receipt must
// show the send itself (its sender and nonce, its token, destination and amount), and the records
// then follow that hash. "failed" is refused while any of the send's own transactions is on chain,
// and otherwise fails the send and credits its debit back once, as the tracker used to do alone.
import { and, eq } from "drizzle-orm";
import { getAddress, type Hex, type Transaction, type TransactionReceipt } from "viem";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { recordAudit } from "@/lib/studio/audit/audit-log";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/core/errors";
import { parseUnits } from "@/lib/studio/core/money";
import { inTransaction, oneStatementScope } from "@/lib/studio/core/unit-of-work";
import type { SendRow } from "@/lib/studio/chain/adapter";
import { NATIVE_DECIMALS, NATIVE_TOKEN } from "@/lib/studio/chain/evm/bound-transaction";
import { rpcChain, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { shortReason } from "@/lib/studio/chain/evm/start-checks";
import { failSend, followMinedHash } from "@/lib/studio/chain/evm/send-outcomes";
import { chainSendOrThrow, serializeChainSend, type ChainSendRecord } from "@/lib/studio/chain/send-review";
import type { ResolveSendInput } from "@/lib/studio/chain/send-review-schemas";

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export async function resolveSend(input: { principal: Principal; id: string; request: ResolveSendInput; now?: Date }): Promise<ChainSendRecord> {
  const now = input.now ?? new Date();
  const { principal, request } = input;
  const { send } = await chainSendOrThrow(await oneStatementScope(), principal.orgId, input.id);
  if (send.status !== "needs_review") throw new StudioError("invalid_state", `Chain send ${send.id} is ${send.status}: only a send held for review (needs_review) is resolved by a person`);
  const rpc = rpcChain(send.chainId);
  if (!rpc) throw new StudioError("business_rule", `Chain ${send.chainId} has no node configured (CHAIN_${send.chainId.toUpperCase()}_RPC_URL): nothing can be checked on it`);
  const stillHeld = and(eq(chainSends.id, send.id), eq(chainSends.status, "needs_review"))!;
  const lostRace = () => new StudioError("lost_race", `Chain send ${send.id} was resolved by someone else meanwhile`);
  if (request.outcome === "sent") {
    const hash = request.tx_hash.toLowerCase() as Hex;
    const { receipt, confirmed } = await verifiedTransfer(rpc, send, hash);
    await inTransaction(async (tx) => {
      const [moved] = await tx
        .update(chainSends)
        .set({
          status: confirmed ? "confirmed" : "sent",
          txHash: receipt.transactionHash,
          txHashes: [...new Set([...(send.txHashes ?? [send.txHash]), receipt.transactionHash])],
          minedBlock: Number(receipt.blockNumber),
          lastError: null,
          ...(confirmed ? { confirmedAt: now } : {}),
        })
        .where(stillHeld)
        .returning();
      if (!moved) throw lostRace();
      await followMinedHash(tx, send, receipt.transactionHash);
      await recordAudit(tx, {
        orgId: principal.orgId,
        actorUid: principal.uid,
        action: "chain_send.resolved",
        objectType: "chain_send",
        objectId: send.id,
        details: { outcome: "sent", tx_hash: receipt.transactionHash, block_number: Number(receipt.blockNumber), confirmed, purpose: send.purpose, note: request.note ?? null },
        now,
      });
    });
  } else {
    const mined = await minedVersion(rpc, send);
    if (mined) {
      throw new StudioError("invalid_state", `Chain send ${send.id} is on chain: its transaction ${mined.transactionHash} has a receipt (block ${mined.blockNumber}); resolve it as sent with that hash`);
    }
    await inTransaction(async (tx) => {
      const reason = `marked failed by ${principal.email || principal.uid} after review${request.note ? `: ${request.note}` : ""}`;
      const { failed, restored } = await failSend(tx, send, reason, now, { where: stillHeld, actorUid: principal.uid });
      if (!failed) throw lostRace();
      await recordAudit(tx, {
        orgId: principal.orgId,
        actorUid: principal.uid,
        action: "chain_send.resolved",
        objectType: "chain_send",
        objectId: send.id,
        details: { outcome: "failed", ledger_restored: restored, purpose: send.purpose, note: request.note ?? null },
        now,
      });
    });
  }
  const current = await chainSendOrThrow(await oneStatementScope(), principal.orgId, send.id);
  return serializeChainSend(current.send, current.withdrawalId);
}

/** The receipt of `hash` when it is this send's transfer on chain; a 422 naming what does not match otherwise. */
async function verifiedTransfer(rpc: RpcChain, send: SendRow, hash: Hex): Promise<{ receipt: TransactionReceipt; confirmed: boolean }> {
  const refuse = (why: string) => new StudioError("business_rule", `Transaction ${hash} is not this send's transfer: ${why}`);
  const [receipt, transaction, head] = await askNode(rpc, () =>
    Promise.all([
      rpc.client.getTransactionReceipt({ hash }).catch(notFoundAs(undefined)),
      rpc.client.getTransaction({ hash }).catch(notFoundAs(undefined)),
      rpc.client.getBlockNumber({ cacheTime: 0 }),
    ]),
  );
  if (!receipt || !transaction) throw refuse(`the node of ${send.chainId} has no receipt for it`);
  if (receipt.status !== "success") throw refuse(`it reverted in block ${receipt.blockNumber}`);
  if (!send.fromAddress || getAddress(transaction.from) !== getAddress(send.fromAddress)) throw refuse(`it is from ${transaction.from}, not from ${send.fromAddress}`);
  if (transaction.nonce !== send.nonce) throw refuse(`its nonce is ${transaction.nonce}, not ${send.nonce}`);
  if (!movesTheSend(rpc, send, transaction, receipt)) {
    throw refuse(`it does not move ${send.amount} of ${send.tokenAddress} from ${send.fromAddress} to ${send.toAddress}`);
  }
  return { receipt, confirmed: Number(head) - Number(receipt.blockNumber) + 1 >= rpc.confirmations };
}

/** Whether the transaction is the send's own transfer: the native coin by value, a token by its Transfer log. */
function movesTheSend(rpc: RpcChain, send: SendRow, transaction: Transaction, receipt: TransactionReceipt): boolean {
  const to = getAddress(send.toAddress);
  if (send.tokenAddress === NATIVE_TOKEN) {
    return transaction.to !== null && getAddress(transaction.to) === to && transaction.value === parseUnits(send.amount, NATIVE_DECIMALS);
  }
  const token = Object.values(rpc.chain.tokens).find((candidate) => candidate.address.toLowerCase() === send.tokenAddress.toLowerCase());
  if (!token) return false;
  const amount = parseUnits(send.amount, token.decimals);
  const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;
  return receipt.logs.some(
    (log) =>
      log.address.toLowerCase() === token.address.toLowerCase() &&
      log.topics.length === 3 &&
      log.topics[0] === TRANSFER_TOPIC &&
      log.topics[1]?.toLowerCase() === topicOf(send.fromAddress!) &&
      log.topics[2]?.toLowerCase() === topicOf(to) &&
      BigInt(log.data) === amount,
  );
}

/** The receipt of one of the send's own versions, if any is on chain. */
async function minedVersion(rpc: RpcChain, send: SendRow): Promise<TransactionReceipt | undefined> {
  for (const hash of send.txHashes ?? [send.txHash]) {
    const receipt = await askNode(rpc, () => rpc.client.getTransactionReceipt({ hash: hash as Hex }).catch(notFoundAs(undefined)));
    if (receipt) return receipt;
  }
  return undefined;
}

function notFoundAs<T>(value: T) {
  return (error: unknown): T => {
    if (error instanceof Error && /NotFoundError$/.test(error.name)) return value;
    throw error;
  };
}

/** A node that does not answer is a refusal to decide now (422), never a guess. */
async function askNode<T>(rpc: RpcChain, question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    throw new StudioError("business_rule", `The node of ${rpc.chain.id} did not answer (${shortReason(error)}): nothing was decided; try again`);
  }
}
