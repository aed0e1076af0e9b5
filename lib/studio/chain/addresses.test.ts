import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { describe, expect, it } from "vitest";
import {
  deriveAddress,
  isTxHash,
  isValidAddress,
  isValidEvmAddress,
  isValidSolanaAddress,
  isValidTronAddress,
  randomAddress,
  randomTxHash,
} from "@/lib/studio/chain/addresses";

// The BIP-39 test mnemonic: its first addresses are published by every wallet vendor.
const seed = mnemonicToSeedSync("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about");
const root = HDKey.fromMasterSeed(seed);

describe("HD deposit addresses", () => {
  it("match the well-known addresses of the test mnemonic", () => {
    expect(deriveAddress({ family: "evm", root, seed, index: 0 })).toBe("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
    expect(deriveAddress({ family: "evm", root, seed, index: 1 })).toBe("0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0");
    expect(deriveAddress({ family: "tron", root, seed, index: 0 })).toBe("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
    expect(deriveAddress({ family: "sol", root, seed, index: 0 })).toBe("HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk");
  });

  it("are distinct per index and valid for their family", () => {
    for (const family of ["evm", "tron", "sol"] as const) {
      const addresses = Array.from({ length: 5 }, (_, index) => deriveAddress({ family, root, seed, index }));
      expect(new Set(addresses).size).toBe(5);
      for (const address of addresses) expect(isValidAddress(family, address)).toBe(true);
    }
  });
});

describe("address validation", () => {
  it("EVM: 40 hex digits, EIP-55 checksum when mixed case", () => {
    expect(isValidEvmAddress("0x9858EfFD232B4033E47d90003D41EC34EcaEda94")).toBe(true);
    expect(isValidEvmAddress("0x9858effd232b4033e47d90003d41ec34ecaeda94")).toBe(true);
    expect(isValidEvmAddress("0x9858EFFD232B4033E47D90003D41EC34ECAEDA94")).toBe(true);
    expect(isValidEvmAddress("0x9858EfFd232B4033E47d90003D41EC34EcaEda94")).toBe(false);
    expect(isValidEvmAddress("0x9858EfFD232B4033E47d90003D41EC34EcaEda9")).toBe(false);
    expect(isValidEvmAddress("9858EfFD232B4033E47d90003D41EC34EcaEda94")).toBe(false);
  });

  it("Tron: base58check with the 0x41 prefix", () => {
    expect(isValidTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isValidTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    // A valid base58check string with a Bitcoin prefix is not a Tron address.
    expect(isValidTronAddress("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toBe(false);
  });

  it("Solana: base58 of 32 bytes", () => {
    expect(isValidSolanaAddress("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(true);
    expect(isValidSolanaAddress("EPjFWdd5AufqSSqeM2qN1xzybapC8G4w")).toBe(false);
    expect(isValidSolanaAddress("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1O")).toBe(false);
    expect(isValidSolanaAddress("0x9858EfFD232B4033E47d90003D41EC34EcaEda94")).toBe(false);
  });

  it("random payer addresses and transaction hashes have their chain's format", () => {
    for (const family of ["evm", "tron", "sol"] as const) {
      expect(isValidAddress(family, randomAddress(family))).toBe(true);
      expect(isTxHash(family, randomTxHash(family))).toBe(true);
    }
    expect(randomTxHash("evm")).toMatch(/^0x[0-9a-f]{64}$/);
    expect(randomTxHash("tron")).toMatch(/^[0-9a-f]{64}$/);
  });
});
