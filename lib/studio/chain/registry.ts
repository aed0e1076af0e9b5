// Supported chains and their stablecoin contracts (mainnet addresses; the sandbox chain derives
// real addresses in the same formats). BSC's Binance-Peg stablecoins use 18 decimals.

export type AddressFamily = "evm" | "tron" | "sol";
export type TokenSymbol = "USDC" | "USDT";
export const TOKEN_SYMBOLS = ["USDC", "USDT"] as const;

export type TokenInfo = { symbol: TokenSymbol; address: string; decimals: number };
export type ChainInfo = {
  id: string;
  name: string;
  family: AddressFamily;
  explorerTxUrl: string;
  tokens: Partial<Record<TokenSymbol, TokenInfo>>;
  /**
   * EVM networks: the numeric chain id the node must answer, and the default confirmation depth
   * (blocks, the transfer's own block counting as the first) at which a deposit counts.
   */
  evm?: { chainId: number; confirmations: number };
};

const chains: ChainInfo[] = [
  {
    id: "eth",
    evm: { chainId: 1, confirmations: 12 },
    name: "Ethereum",
    family: "evm",
    explorerTxUrl: "https://etherscan.io/tx/",
    tokens: {
      USDC: { symbol: "USDC", address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6 },
      USDT: { symbol: "USDT", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
    },
  },
  {
    id: "arb",
    evm: { chainId: 42161, confirmations: 20 },
    name: "Arbitrum One",
    family: "evm",
    explorerTxUrl: "https://arbiscan.io/tx/",
    tokens: {
      USDC: { symbol: "USDC", address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", decimals: 6 },
      USDT: { symbol: "USDT", address: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", decimals: 6 },
    },
  },
  {
    id: "base",
    evm: { chainId: 8453, confirmations: 20 },
    name: "Base",
    family: "evm",
    explorerTxUrl: "https://basescan.org/tx/",
    // Base has native USDC only; bridged USDT variants are not accepted.
    tokens: {
      USDC: { symbol: "USDC", address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", decimals: 6 },
    },
  },
  {
    id: "optimism",
    evm: { chainId: 10, confirmations: 20 },
    name: "OP Mainnet",
    family: "evm",
    explorerTxUrl: "https://optimistic.etherscan.io/tx/",
    tokens: {
      USDC: { symbol: "USDC", address: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", decimals: 6 },
      USDT: { symbol: "USDT", address: "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58", decimals: 6 },
    },
  },
  {
    id: "polygon",
    evm: { chainId: 137, confirmations: 128 },
    name: "Polygon PoS",
    family: "evm",
    explorerTxUrl: "https://polygonscan.com/tx/",
    tokens: {
      USDC: { symbol: "USDC", address: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", decimals: 6 },
      USDT: { symbol: "USDT", address: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", decimals: 6 },
    },
  },
  {
    id: "bsc",
    evm: { chainId: 56, confirmations: 15 },
    name: "BNB Smart Chain",
    family: "evm",
    explorerTxUrl: "https://bscscan.com/tx/",
    tokens: {
      USDC: { symbol: "USDC", address: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", decimals: 18 },
      USDT: { symbol: "USDT", address: "0x55d398326f99059fF775485246999027B3197955", decimals: 18 },
    },
  },
  {
    id: "tron",
    name: "Tron",
    family: "tron",
    explorerTxUrl: "https://tronscan.org/#/transaction/",
    tokens: {
      USDC: { symbol: "USDC", address: "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", decimals: 6 },
      USDT: { symbol: "USDT", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", decimals: 6 },
    },
  },
  {
    id: "sol",
    name: "Solana",
    family: "sol",
    explorerTxUrl: "https://solscan.io/tx/",
    tokens: {
      USDC: { symbol: "USDC", address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", decimals: 6 },
      USDT: { symbol: "USDT", address: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", decimals: 6 },
    },
  },
];

const byId = new Map(chains.map((chain) => [chain.id, chain]));

export const CHAINS: readonly ChainInfo[] = chains;

export function findChain(chainId: string): ChainInfo | undefined {
  return byId.get(chainId);
}

/** The token contract for a chain/symbol pair, or undefined when that pair is not supported. */
export function findToken(chainId: string, symbol: TokenSymbol): TokenInfo | undefined {
  return byId.get(chainId)?.tokens[symbol];
}
