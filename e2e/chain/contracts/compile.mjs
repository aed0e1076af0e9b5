// Regenerates TestStablecoin.json (ABI + bytecode) from TestStablecoin.sol with solc from npm, so
// tests and the local node deploy the token without compiling on every run:
//   node e2e/chain/contracts/compile.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import solc from "solc";

const here = import.meta.dirname;
const require = createRequire(import.meta.url);
const source = fs.readFileSync(path.join(here, "TestStablecoin.sol"), "utf8");
const input = {
  language: "Solidity",
  sources: { "TestStablecoin.sol": { content: source } },
  settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
};
const findImports = (importPath) => {
  try {
    return { contents: fs.readFileSync(require.resolve(importPath), "utf8") };
  } catch {
    return { error: `not found: ${importPath}` };
  }
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (output.errors ?? []).filter((error) => error.severity === "error");
if (errors.length > 0) {
  for (const error of errors) console.error(error.formattedMessage);
  process.exit(1);
}
const contract = output.contracts["TestStablecoin.sol"].TestStablecoin;
const artifact = { contractName: "TestStablecoin", compiler: `solc ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
fs.writeFileSync(path.join(here, "TestStablecoin.json"), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`TestStablecoin.json written (${contract.evm.bytecode.object.length / 2} bytes of bytecode)`);
