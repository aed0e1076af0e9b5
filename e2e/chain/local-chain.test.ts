// `npm run chain:local` as a newcomer runs it (README, "Trying it locally"): the printed
// CHAIN_ARB_* lines lead to a node answering as Arbitrum One with 6-decimal USDC and USDT,
// `-- pay` and `-- fund` move real balances on it, and Ctrl-C (SIGINT to the terminal's process
// group) or SIGTERM stops the node and everything it started. On a port of the test's own
// (CHAIN_LOCAL_PORT): 8545, the default, may be a developer's running node.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createPublicClient, erc20Abi, http, parseEther, type Address } from "viem";
import { afterEach, expect, it } from "vitest";
import { describeDriverIndependent } from "../node/support";
import { freePort, listening } from "../ports.mjs";
import { freshAddress } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
const stateFile = (port: number) => path.join(root, ".data", `local-chain-${port}.json`);

type Finished = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** `npm run chain:local -- <args>` to its end, on `port`. */
function chainLocal(port: number | string, args: string[]): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "chain:local", "--", ...args], { cwd: root, env: { ...process.env, CHAIN_LOCAL_PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The running `npm run chain:local` (in a process group of its own, as a terminal's foreground job) and the lines it printed. */
async function startChainLocal(port: number) {
  const child = spawn("npm", ["run", "chain:local"], { cwd: root, env: { ...process.env, CHAIN_LOCAL_PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  running.add(child.pid!);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 90_000;
  while (!output.includes("Ctrl-C stops the node")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run chain:local did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const settings = Object.fromEntries([...output.matchAll(/^(CHAIN_ARB_[A-Z_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
  /** Sends `signal` to the whole group, as a terminal's Ctrl-C does; resolves when npm has exited and nothing of the group is left. */
  const stop = async (signal: NodeJS.Signals) => {
    process.kill(-child.pid!, signal);
    const result = await exited;
    for (let tries = 0; tries < 100 && groupAlive(child.pid!); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    return { ...result, groupAlive: groupAlive(child.pid!), output };
  };
  return { settings, stop };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

// Whatever a failed assertion left running is killed, group and all.
const running = new Set<number>();
afterEach(() => {
  for (const pgid of running) if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
  running.clear();
});

describeDriverIndependent("npm run chain:local", () => {
  it("prints the CHAIN_ARB_* lines of a node answering as Arbitrum One with 6-decimal tokens; pay and fund move balances on it; Ctrl-C stops it all", async () => {
    const port = await freePort();
    const chain = await startChainLocal(port);
    expect(chain.settings).toEqual({
      CHAIN_ARB_RPC_URL: `http://127.0.0.1:${port}`,
      CHAIN_ARB_CHAIN_ID: "42161",
      CHAIN_ARB_CONFIRMATIONS: "2",
      CHAIN_ARB_TOKEN_USDC: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      CHAIN_ARB_TOKEN_USDT: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    const client = createPublicClient({ transport: http(chain.settings.CHAIN_ARB_RPC_URL) });
    expect(await client.getChainId()).toBe(42161);
    const usdc = chain.settings.CHAIN_ARB_TOKEN_USDC as Address;
    const usdt = chain.settings.CHAIN_ARB_TOKEN_USDT as Address;
    for (const [token, symbol] of [[usdc, "USDC"], [usdt, "USDT"]] as const) {
      expect(await client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" })).toBe(6);
      expect(await client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" })).toBe(symbol);
    }

    const payee = freshAddress();
    const paid = await chainLocal(port, ["pay", payee, "10"]);
    expect(paid).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^10 USDC to ${payee}: 0x[0-9a-f]{64} \\(block \\d+, success\\)$`, "m")) });
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [payee] })).toBe(10_000_000n);
    expect(await client.readContract({ address: usdt, abi: erc20Abi, functionName: "balanceOf", args: [payee] })).toBe(0n);

    const gasTank = freshAddress();
    const funded = await chainLocal(port, ["fund", gasTank]);
    expect(funded).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^1 ETH to ${gasTank}: 0x[0-9a-f]{64} \\(block \\d+, success\\)$`, "m")) });
    expect(await client.getBalance({ address: gasTank })).toBe(parseEther("1"));

    const stopped = await chain.stop("SIGINT");
    // npm ends by the signal it got, as a shell job does; the script and the node exit without complaint.
    expect(stopped).toMatchObject({ signal: "SIGINT", groupAlive: false });
    expect(stopped.output).not.toMatch(/error/i);
    expect(await listening(port)).toBe(false);
    // The chain is gone, and so is what pointed `pay` at it.
    expect(fs.existsSync(stateFile(port))).toBe(false);
    const late = await chainLocal(port, ["pay", payee, "10"]);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain(`no local node on port ${port}: run \`npm run chain:local\` first`);
  }, 180_000);

  it("stops the node and everything it started on SIGTERM too", async () => {
    const port = await freePort();
    const chain = await startChainLocal(port);
    expect(await listening(port)).toBe(true);
    const stopped = await chain.stop("SIGTERM");
    expect(stopped).toMatchObject({ signal: "SIGTERM", groupAlive: false });
    expect(stopped.output).not.toMatch(/error/i);
    expect(await listening(port)).toBe(false);
    expect(fs.existsSync(stateFile(port))).toBe(false);
  }, 180_000);

  it("refuses a CHAIN_LOCAL_PORT that is no TCP port, naming it", async () => {
    const refused = await chainLocal("85a45", []);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("CHAIN_LOCAL_PORT must be a TCP port (1-65535), not 85a45");
  });
});
