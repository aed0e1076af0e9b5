// `npm run chain:local`: a local EVM node (Hardhat's, answering as Arbitrum One, 42161) on
// 127.0.0.1:8545 (CHAIN_LOCAL_PORT to choose another) with USDC and USDT deployed (6 decimals), a
// block every second, and a funded payer; prints the CHAIN_ARB_* lines that put Studio's arb on it.
// While it runs (with the same CHAIN_LOCAL_PORT, if one was given):
//   npm run chain:local -- pay <address> <amount> [USDC|USDT]   a signed token transfer from the payer
//   npm run chain:local -- fund <address> [ETH]                  native coin for a gas tank (default 1)
import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, parseEther, parseUnits, type Address } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { startLocalNode } from "../e2e/chain/local-node";

const PORT = Number(process.env.CHAIN_LOCAL_PORT || 8545);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) {
  console.error(`CHAIN_LOCAL_PORT must be a TCP port (1-65535), not ${process.env.CHAIN_LOCAL_PORT}`);
  process.exit(2);
}
// One per port: nodes on two ports (a developer's and a test's) each keep their own token addresses.
const STATE_FILE = path.resolve(`.data/local-chain-${PORT}.json`);
// Hardhat's development mnemonic: public, and funded only on local nodes.
const payer = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 1 });

type LocalChainState = { url: string; tokens: { USDC: Address; USDT: Address } };

async function start(): Promise<void> {
  const node = await startLocalNode({ port: PORT, blockIntervalMs: 1_000 });
  for (const token of Object.values(node.tokens)) await node.mint(token, payer.address, parseUnits("1000000", 6));
  const state: LocalChainState = { url: node.directUrl, tokens: node.tokens };
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
  console.log(`Local EVM node (chain id 42161) at ${node.directUrl}; payer ${payer.address} holds 1,000,000 USDC and USDT.`);
  console.log("Start Studio with these lines (e.g. in .env.local, or before `npm run dev`):\n");
  console.log(`CHAIN_ARB_RPC_URL=${node.directUrl}`);
  console.log("CHAIN_ARB_CHAIN_ID=42161");
  console.log("CHAIN_ARB_CONFIRMATIONS=2");
  console.log(`CHAIN_ARB_TOKEN_USDC=${node.tokens.USDC}`);
  console.log(`CHAIN_ARB_TOKEN_USDT=${node.tokens.USDT}`);
  console.log("\nPay an approved invoice: npm run chain:local -- pay <payment_address> <amount>");
  console.log("Fund the gas tank shown on /chains: npm run chain:local -- fund <gas_tank_address>\nCtrl-C stops the node (its chain is gone with it).");
  const stop = async () => {
    await node.stop();
    // Its chain is gone: `pay` and `fund` say so instead of sending to whatever answers next on the port.
    fs.rmSync(STATE_FILE, { force: true });
    process.exit(0);
  };
  // Listeners that stay: a Ctrl-C reaches this process twice, from the terminal's process group and
  // relayed by tsx's parent process, and with no listener left tsx exits on the second one at once,
  // before the node has stopped and the state file is gone.
  let stopping = false;
  const stopOnce = () => {
    if (stopping) return;
    stopping = true;
    void stop();
  };
  process.on("SIGINT", stopOnce);
  process.on("SIGTERM", stopOnce);
  setInterval(() => undefined, 1 << 30);
}

async function transfer(kind: "pay" | "fund", to: string, amount: string | undefined, symbol: string | undefined): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) throw new Error(`no local node on port ${PORT}: run \`npm run chain:local\` first`);
  const state = JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as LocalChainState;
  const transport = http(state.url);
  const wallet = createWalletClient({ account: payer, transport });
  const reader = createPublicClient({ transport });
  const hash =
    kind === "fund"
      ? await wallet.sendTransaction({ to: getAddress(to), value: parseEther(amount ?? "1"), chain: null })
      : await wallet.writeContract({
          address: state.tokens[(symbol ?? "USDC") as "USDC" | "USDT"],
          abi: erc20Abi,
          functionName: "transfer",
          args: [getAddress(to), parseUnits(amount ?? "0", 6)],
          chain: null,
        });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  console.log(`${kind === "fund" ? `${amount ?? "1"} ETH` : `${amount} ${symbol ?? "USDC"}`} to ${to}: ${hash} (block ${receipt.blockNumber}, ${receipt.status})`);
}

const [command, to, amount, symbol] = process.argv.slice(2);
const run = command === "pay" || command === "fund" ? transfer(command, to ?? "", amount, symbol) : start();
run.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
