// A real local EVM node (Hardhat's, from npm) on a free port, with the test stablecoins deployed:
// what the chain tests and `npm run chain:local` run against. Its default accounts are funded with
// native gas; `relay` sits in front of it so a test can take the node off the network and back.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Address,
  type Hex,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import artifact from "./contracts/TestStablecoin.json";
import { freePort } from "../ports.mjs";

const root = path.resolve(import.meta.dirname, "../..");
// Hardhat's well-known development mnemonic: its accounts hold 10,000 ETH each on a fresh node.
const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

export const stablecoinAbi = artifact.abi;

export type LocalNode = {
  /** The node's URL through the relay (what Studio is given). */
  url: string;
  /** The node's own URL (what the test drives it with, whatever the relay does). */
  directUrl: string;
  public: PublicClient;
  test: TestClient<"hardhat">;
  /** A funded account of the node's (index 0 deploys and mints). */
  wallet(index: number): WalletClient & { account: ReturnType<typeof mnemonicToAccount> };
  tokens: { USDC: Address; USDT: Address };
  /** Mints `units` of a token to `to` and returns the transaction hash. */
  mint(token: Address, to: Address, units: bigint): Promise<Hex>;
  /** Sends `units` of a token from a funded account to `to`. */
  transfer(from: number, token: Address, to: Address, units: bigint): Promise<Hex>;
  mine(blocks?: number): Promise<void>;
  /** The relay refuses connections (the node looks down) or serves them again. */
  setReachable(reachable: boolean): void;
  stop(): Promise<void>;
};

export async function startLocalNode(options: { chainId?: number; decimals?: number; port?: number; blockIntervalMs?: number } = {}): Promise<LocalNode> {
  // A free port can be taken by another test file's node between freePort() and the node's bind:
  // that node then exits, and another free port is tried (a port given is used as it is).
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOn(port, options);
    } catch (error) {
      if (options.port !== undefined || attempt === 3 || !(error instanceof NodeExitedError)) throw error;
    }
  }
}

class NodeExitedError extends Error {}

async function startOn(port: number, options: { chainId?: number; decimals?: number; blockIntervalMs?: number }): Promise<LocalNode> {
  const child = spawn(path.join(root, "node_modules/.bin/hardhat"), ["--config", "e2e/chain/hardhat.config.cjs", "node", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      HARDHAT_CHAIN_ID: String(options.chainId ?? 42161),
      HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
      ...(options.blockIntervalMs ? { HARDHAT_INTERVAL_MS: String(options.blockIntervalMs) } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const directUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForNode(child, port, directUrl);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const relay = await startRelay(port);
  // One quick retry: with PGlite busy in this process (a Studio booting), the client's idle
  // keep-alive timer can fire after the node has already closed the socket, and the next request
  // fails with "other side closed" before the node ever read it.
  const transport = http(directUrl, { retryCount: 1, retryDelay: 50 });
  const publicClient = createPublicClient({ transport, pollingInterval: 50 });
  const testClient = createTestClient({ mode: "hardhat", transport });
  const wallets = new Map<number, WalletClient & { account: ReturnType<typeof mnemonicToAccount> }>();
  const wallet = (index: number) => {
    let found = wallets.get(index);
    if (!found) {
      found = createWalletClient({ account: mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }), transport }) as WalletClient & {
        account: ReturnType<typeof mnemonicToAccount>;
      };
      wallets.set(index, found);
    }
    return found;
  };
  const chain = { id: options.chainId ?? 42161, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [directUrl] } } };
  const confirmed = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return hash;
  };
  const deploy = async (name: string, symbol: string) => {
    const hash = await wallet(0).deployContract({
      abi: stablecoinAbi,
      bytecode: artifact.bytecode as Hex,
      args: [name, symbol, options.decimals ?? 6],
      chain,
      account: wallet(0).account,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (!receipt.contractAddress) throw new Error(`deploying ${symbol} made no contract`);
    return receipt.contractAddress;
  };
  const tokens = { USDC: await deploy("USD Coin (local)", "USDC"), USDT: await deploy("Tether USD (local)", "USDT") };
  const call = (from: number, token: Address, functionName: "mint" | "transfer", to: Address, units: bigint) =>
    wallet(from).writeContract({ address: token, abi: stablecoinAbi, functionName, args: [to, units], chain, account: wallet(from).account });

  return {
    url: `http://127.0.0.1:${relay.port}`,
    directUrl,
    public: publicClient,
    test: testClient,
    wallet,
    tokens,
    mint: async (token, to, units) => confirmed(await call(0, token, "mint", to, units)),
    transfer: async (from, token, to, units) => {
      const hash = await call(from, token, "transfer", to, units);
      // With automine on the transfer is mined at once; with it off the caller mines.
      return hash;
    },
    // One evm_mine per block: hardhat_mine's reserved ranges hand out blocks whose parentHash
    // does not match the block before, which a reorg-checking scanner rightly refuses.
    mine: async (blocks = 1) => {
      for (let mined = 0; mined < blocks; mined++) await testClient.request({ method: "evm_mine", params: [] } as never);
    },
    setReachable: relay.setReachable,
    stop: async () => {
      relay.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    },
  };
}

/**
 * Waits until this child says it serves `port`, then answers there: an answer alone could come
 * from another file's node that took the port first (two test files then shared one chain, and
 * one stopping it failed the other's every test).
 */
async function waitForNode(child: ChildProcess, port: number, url: string): Promise<void> {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const listening = `JSON-RPC server at http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new NodeExitedError(`hardhat node exited ${child.exitCode}: ${output}`);
    if (!output.includes(listening)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`hardhat node did not answer within 60 s: ${output}`);
}

/** A TCP relay to the node that can drop every connection and refuse new ones: a node gone from the network. */
async function startRelay(targetPort: number) {
  let reachable = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!reachable) return client.destroy();
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  return {
    port,
    setReachable(value: boolean) {
      reachable = value;
      if (!value) for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
