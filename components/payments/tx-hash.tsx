import { findChain } from "@/lib/studio/chain/registry";

/** A transaction hash as a link to the chain's explorer (plain text on a chain the console does not know). */
export function TxHash({ chainId, hash, testId }: { chainId: string; hash: string; testId?: string }) {
  const chain = findChain(chainId);
  return chain ? (
    <a href={`${chain.explorerTxUrl}${hash}`} target="_blank" rel="noreferrer" className="break-all font-mono text-xs text-indigo-800 underline" data-testid={testId}>
      {hash}
    </a>
  ) : (
    <span className="break-all font-mono text-xs" data-testid={testId}>
      {hash}
    </span>
  );
}
