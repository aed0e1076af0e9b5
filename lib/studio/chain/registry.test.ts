import { describe, expect, it } from "vitest";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { CHAINS, findChain, findToken, TOKEN_SYMBOLS } from "@/lib/studio/chain/registry";

/** EIP-55: the case of each hex letter is set by the keccak-256 of the lower-case address. */
function isEip55(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  return [...hex].every((char, index) => {
    const nibble = ((hash[index >> 1] ?? 0) >> (index % 2 === 0 ? 4 : 0)) & 0x0f;
    return /[0-9]/.test(char) || (nibble >= 8 ? char === char.toUpperCase() : char === char.toLowerCase());
  });
}

const base58check = createBase58check(sha256);
const tokens = CHAINS.flatMap((chain) => Object.values(chain.tokens).map((token) => ({ chain, token })));

describe("chain registry", () => {
  it("has the chains the product supports", () => {
    expect(CHAINS.map((chain) => chain.id).sort()).toEqual(["arb", "base", "bsc", "eth", "optimism", "polygon", "sol", "tron"]);
  });

  it("the EIP-55 check itself rejects a wrongly cased address", () => {
    expect(isEip55("0xdAC17F958D2ee523a2206206994597C13D831ec7")).toBe(true);
    expect(isEip55("0xdac17f958D2ee523a2206206994597C13D831ec7")).toBe(false);
  });

  it.each(tokens.filter(({ chain }) => chain.family === "evm").map(({ chain, token }) => [chain.id, token.symbol, token.address]))(
    "%s %s %s is an EIP-55 checksummed address",
    (_chain, _symbol, address) => {
      expect(isEip55(address)).toBe(true);
    },
  );

  it.each(tokens.filter(({ chain }) => chain.family === "tron").map(({ chain, token }) => [chain.id, token.symbol, token.address]))(
    "%s %s %s is base58check with the 0x41 prefix",
    (_chain, _symbol, address) => {
      const payload = base58check.decode(address);
      expect(payload).toHaveLength(21);
      expect(payload[0]).toBe(0x41);
    },
  );

  it.each(tokens.filter(({ chain }) => chain.family === "sol").map(({ chain, token }) => [chain.id, token.symbol, token.address]))(
    "%s %s %s is a 32-byte base58 public key",
    (_chain, _symbol, address) => {
      expect(base58.decode(address)).toHaveLength(32);
    },
  );

  it("bsc stablecoins have 18 decimals, every other token 6", () => {
    for (const { chain, token } of tokens) expect(token.decimals, `${chain.id} ${token.symbol}`).toBe(chain.id === "bsc" ? 18 : 6);
  });

  it("each token record names its own symbol, and contracts are unique", () => {
    for (const chain of CHAINS) {
      for (const [symbol, token] of Object.entries(chain.tokens)) expect(token.symbol).toBe(symbol);
    }
    const addresses = tokens.map(({ token }) => token.address.toLowerCase());
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("pins the well-known mainnet contracts", () => {
    expect(findToken("eth", "USDC")?.address).toBe("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    expect(findToken("eth", "USDT")?.address).toBe("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    expect(findToken("arb", "USDC")?.address).toBe("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    expect(findToken("tron", "USDT")?.address).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(findToken("sol", "USDC")?.address).toBe("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    expect(findToken("bsc", "USDT")?.address).toBe("0x55d398326f99059fF775485246999027B3197955");
  });

  it("knows which pairs are unsupported", () => {
    expect(findToken("base", "USDT")).toBeUndefined();
    expect(findToken("dogecoin", "USDC")).toBeUndefined();
    expect(findChain("dogecoin")).toBeUndefined();
    for (const chain of CHAINS) for (const symbol of TOKEN_SYMBOLS) if (chain.id !== "base") expect(findToken(chain.id, symbol)).toBeDefined();
  });
});
