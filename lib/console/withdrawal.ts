// The withdrawal form's rules: the API's own request schema (lib/studio/withdrawals/schemas), with
// the token picked by symbol, plus what the Studio would refuse with 422 and the page can already
// tell: the address's format on the chosen chain, the token's decimal places and the available
// balance. Amounts stay decimal strings, compared in base units (bigint).
import "@/lib/console/zod-csp";
import { z } from "zod";
import type { Balance } from "@/lib/console/types";
import { isValidAddress } from "@/lib/studio/chain/address-format";
import { findChain, findToken, TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";
import { AmountFormatError, formatUnits, isPlainDecimal, parseUnits } from "@/lib/studio/core/money";
import { withdrawalSchema } from "@/lib/studio/withdrawals/schemas";

const formShape = withdrawalSchema.omit({ contract_address: true }).extend({ token: z.enum(TOKEN_SYMBOLS) });
export type WithdrawalValues = z.input<typeof formShape>;
export type WithdrawalRequest = { chain_id: string; contract_address: string; amount: string; wallet_address: string };

/** The balance of one chain and token ("0" when it never moved). */
export function available(balances: readonly Balance[], chainId: string, symbol: string): string {
  return balances.find((balance) => balance.chain_id === chainId && balance.symbol === symbol)?.amount ?? "0";
}

/** What stays after withdrawing `amount`, or undefined when either is not an amount of that token. */
export function remainingAfter(balance: string, amount: string, decimals: number): string | undefined {
  try {
    return formatUnits(parseUnits(balance, decimals) - parseUnits(amount, decimals), decimals);
  } catch {
    return undefined;
  }
}

export function withdrawalFormSchema(balances: readonly Balance[]) {
  return formShape.superRefine(
    (values, ctx) => {
      const issue = (field: keyof WithdrawalValues, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
      const chain = typeof values.chain_id === "string" ? findChain(values.chain_id.trim()) : undefined;
      if (!chain) return issue("chain_id", "is not a supported chain");
      const address = typeof values.wallet_address === "string" ? values.wallet_address.trim() : "";
      if (address && !isValidAddress(chain.family, address)) issue("wallet_address", `is not a valid ${chain.name} address`);
      const token = typeof values.token === "string" ? findToken(chain.id, values.token) : undefined;
      if (!token) return issue("token", `is not available on ${chain.name}`);
      if (typeof values.amount !== "string" || !isPlainDecimal(values.amount)) return;
      let units: bigint;
      try {
        units = parseUnits(values.amount, token.decimals);
      } catch (error) {
        if (error instanceof AmountFormatError) return issue("amount", `has more than ${token.decimals} decimal places`);
        throw error;
      }
      if (units === 0n) return issue("amount", "must be greater than zero");
      const balance = available(balances, chain.id, token.symbol);
      if (units > parseUnits(balance, token.decimals)) issue("amount", `is more than the ${balance} ${token.symbol} available`);
    },
    // Also while other fields are still empty: the address is checked as it is typed.
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
}

/** The POST /asset_pro/transfer body for valid form values. */
export function withdrawalRequest(values: WithdrawalValues): WithdrawalRequest {
  const token = findToken(values.chain_id.trim(), values.token);
  if (!token) throw new Error(`${values.token} is not available on ${values.chain_id}`);
  return { chain_id: values.chain_id.trim(), contract_address: token.address, amount: values.amount, wallet_address: values.wallet_address.trim() };
}
