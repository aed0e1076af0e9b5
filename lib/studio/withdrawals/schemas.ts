// The withdrawal request (spec 4.3: chain_id, contract_address, amount, wallet_address). Types and
// presence are checked here (400); what depends on the chain (token, address, decimals) and the
// balance is a business rule checked by the verb (422). No database imports: the console's
// withdrawal form is built on this schema.
import { z } from "zod";
import { chainAddress, chainId, decimalString } from "@/lib/studio/core/validation";

export const withdrawalSchema = z.object({
  chain_id: chainId,
  contract_address: chainAddress,
  amount: decimalString,
  wallet_address: chainAddress,
});
export type WithdrawalInput = z.infer<typeof withdrawalSchema>;
