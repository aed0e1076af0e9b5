// The local EVM node for tests and `npm run chain:local`: Hardhat's in-process EDR engine as a
// JSON-RPC server, answering as Arbitrum One (42161) unless HARDHAT_CHAIN_ID says otherwise.
// Hardhat only reads a config inside the project, so it lives here rather than in a temp folder.
module.exports = {
  solidity: "0.8.28",
  networks: {
    hardhat: {
      chainId: Number(process.env.HARDHAT_CHAIN_ID || 42161),
      // EIP-1559 fees from the first block, as on the real networks.
      hardfork: "cancun",
      accounts: { count: 10 },
      loggingEnabled: false,
      // `npm run chain:local` mines a block every HARDHAT_INTERVAL_MS as well, so deposits reach
      // their depth without other traffic; tests mine by hand.
      ...(process.env.HARDHAT_INTERVAL_MS ? { mining: { auto: true, interval: Number(process.env.HARDHAT_INTERVAL_MS) } } : {}),
    },
  },
};
