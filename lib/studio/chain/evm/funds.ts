import "server-only";
// What the chain itself can pay, beside what the ledger says: a withdrawal on an RPC chain, or the
// refund of a payment already settled into the treasury, is refused (422) when the treasury's token
// balance, less what its sends still on their way will take, falls short (a settled payment's sweep
// not mined yet included), or when the gas tank cannot pay the gas the send needs. Called inside a
// transaction, it reads through it: beside an open transaction, PGlite's one connection waits forever.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { erc20Abi, formatEther, getAddress, type Address } from "viem";
import { db, type DbOrTx } from "@/lib/db/client";
import { chainSends } from "@/lib/studio/db/chain-schema";
import { StudioError } from "@/lib/studio/core/errors";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import type { ChainInfo, TokenInfo } from "@/lib/studio/chain/registry";
import { orgAccount } from "@/lib/studio/chain/evm/keys";
import { currentFees } from "@/lib/studio/chain/evm/rpc-adapter";
import { NATIVE_DECIMALS, NATIVE_TOKEN, NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from "@/lib/studio/chain/evm/bound-transaction";
import { rpcChain, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { GAS_TANK_INDEX, TREASURY_INDEX } from "@/lib/studio/chain/wallet-indexes";

export async function requireOnChainFunds(input: {
  chain: ChainInfo;
  orgId: number;
  token: TokenInfo;
  units: bigint;
  /** What is sent: a withdrawal (its `amount` is refused) or a refund (the `balance` it comes out of). */
  purpose?: "withdrawal" | "refund";
  tx?: DbOrTx;
}): Promise<void> {
  const purpose = input.purpose ?? "withdrawal";
  const rpc = rpcChain(input.chain.id);
  if (!rpc) return;
  const database = input.tx ?? (await db());
  const treasury = (await orgAccount(database, input.orgId, TREASURY_INDEX)).address;
  const tank = (await orgAccount(database, input.orgId, GAS_TANK_INDEX)).address;
  const held = await rpc.client.readContract({ address: getAddress(input.token.address), abi: erc20Abi, functionName: "balanceOf", args: [treasury] });
  const available = held - (await unminedOutgoing(database, rpc, treasury, input.token.address, input.token.decimals));
  if (available < input.units) {
    const message =
      `exceeds what the treasury ${treasury} holds on ${input.chain.id}: ${formatUnits(input.units, input.token.decimals)} ${input.token.symbol} requested, ` +
      `${formatUnits(available > 0n ? available : 0n, input.token.decimals)} ${input.token.symbol} on chain after the sends still on their way`;
    const [field, subject] = purpose === "refund" ? ["balance", "the refund"] : ["amount", "amount"];
    throw new StudioError("business_rule", `Insufficient on-chain balance: ${subject} ${message}`, [{ field, message }], {
      insufficient_amount: formatUnits(input.units - (available > 0n ? available : 0n), input.token.decimals),
    });
  }
  const { maxFeePerGas } = await currentFees(rpc);
  // The top-up carries the token send's gas, and pays its own.
  const needed = (TOKEN_TRANSFER_GAS + NATIVE_TRANSFER_GAS) * maxFeePerGas;
  const tankAvailable = (await rpc.client.getBalance({ address: tank })) - (await unminedOutgoing(database, rpc, tank, NATIVE_TOKEN, NATIVE_DECIMALS));
  if (tankAvailable < needed) {
    const message = `the gas tank ${tank} on ${input.chain.id} holds ${formatEther(tankAvailable > 0n ? tankAvailable : 0n)} of the native coin; this ${purpose} needs ${formatEther(needed)} for gas: fund the gas tank`;
    throw new StudioError("business_rule", `Gas tank too low: ${message}`, [{ field: "chain_id", message }]);
  }
}

/** What `from`'s sends of a token (or the native coin) that are not mined yet will still take. */
async function unminedOutgoing(database: DbOrTx, rpc: RpcChain, from: Address, tokenAddress: string, decimals: number): Promise<bigint> {
  const [row] = await database
    .select({ total: sql<string>`coalesce(sum(${chainSends.amount}), 0)::text` })
    .from(chainSends)
    .where(
      and(
        eq(chainSends.chainId, rpc.chain.id),
        eq(chainSends.fromAddress, from),
        eq(chainSends.tokenAddress, tokenAddress),
        or(eq(chainSends.status, "pending"), and(eq(chainSends.status, "sent"), isNull(chainSends.minedBlock))),
      ),
    );
  return parseUnits(row?.total ?? "0", decimals);
}
