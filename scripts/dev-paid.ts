// `npm run dev:paid`: the local payment mode (README "A paid answer on your machine"). Starts the local EVM
// chain the test suite uses (Hardhat's EDR in this process, a test USDC compiled with solc-js: nothing is
// downloaded), funds a dev wallet with 100 test USDC, and serves the app taking x402 payments on that chain
// with its in-process facilitator. `npm run pay -- <url>` then pays as an agent would.
//   npm run dev:paid                  next dev on port 3000 (-p 4000 for another port)
//   npm run dev:paid -- --start       next start of an existing build (what the test suite runs)
// Stop it with Ctrl-C: the chain lives in this process, so payments start afresh next time.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { startLocalChain } from "../tests/helpers/local-chain";
import { STATE_FILE, writeLocalPayments } from "./local-payments/state";

const args = process.argv.slice(2);
const portIndex = args.findIndex((arg) => arg === "-p" || arg === "--port");
const port = Number(portIndex >= 0 ? args[portIndex + 1] : process.env.PORT ?? 3000);
const mode = args.includes("--start") ? "start" : "dev";
const apiUrl = `http://localhost:${port}`;

const chain = await startLocalChain(3);
const [settlementKey, payToKey, devKey] = chain.privateKeys as [`0x${string}`, `0x${string}`, `0x${string}`];
const devWallet = privateKeyToAccount(devKey);
await chain.mint(devWallet.address, 100_000_000n); // 100 test USDC (6 decimals)
const payTo = privateKeyToAccount(payToKey).address;
writeLocalPayments({
  apiUrl,
  rpcUrl: chain.rpcUrl,
  network: chain.network as `${string}:${string}`,
  asset: chain.token,
  payTo,
  devWallet: { address: devWallet.address, privateKey: devKey },
});

const nextBin = path.join(process.cwd(), "node_modules", ".bin", "next");
const server = spawn(nextBin, [mode, "-p", String(port)], {
  stdio: "inherit",
  env: {
    ...process.env,
    // A database of its own: payments on a chain that is new every start never meet the ledger of another.
    PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? path.join(".data", "pglite-local-payments"),
    CASE_SOURCE: process.env.CASE_SOURCE ?? "demo",
    PUBLIC_BASE_URL: apiUrl,
    X402_NETWORK: chain.network,
    X402_ASSET: chain.token,
    X402_PAY_TO: payTo,
    X402_RPC_URL: chain.rpcUrl,
    X402_SETTLEMENT_PRIVATE_KEY: settlementKey,
    SIGNING_KEYS_ENCRYPTION_KEY: process.env.SIGNING_KEYS_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
    CALLBACK_ALLOW_PRIVATE_TARGETS: "1",
  },
});

console.log(
  [
    "",
    "Local payment mode",
    `  chain      ${chain.network} at ${chain.rpcUrl} (in this process)`,
    `  token      ${chain.token} (test USDC, 6 decimals)`,
    `  dev wallet ${devWallet.address}, 100 test USDC; its key is in ${path.relative(process.cwd(), STATE_FILE)}`,
    `  service    ${apiUrl}, paid to ${payTo}`,
    "",
    "Pay for an answer:",
    `  npm run pay -- '${apiUrl}/v2/case?case_id=1:23-cv-04567&court_code=nysd'`,
    "For the quick start's snippet (docs/quickstart.md, step 4):",
    `  export API_URL=${apiUrl} PAY_NETWORK=${chain.network} PAY_ASSET=${chain.token} PAY_PRIVATE_KEY=${devKey}`,
    "",
  ].join("\n"),
);

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill("SIGTERM");
  await chain.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
server.on("exit", (code) => void stop(code ?? 0));
