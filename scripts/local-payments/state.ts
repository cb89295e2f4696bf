// What `npm run dev:paid` sets up and `npm run pay` reads: the local chain's RPC URL, network and test token,
// and the funded dev wallet (.data/local-payments.json, git-ignored; a new chain and wallet every start).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** LOCAL_PAYMENTS_FILE moves it (the test suite's runs keep a developer's own file alone). */
export const STATE_FILE = process.env.LOCAL_PAYMENTS_FILE ?? path.join(process.cwd(), ".data", "local-payments.json");

export interface LocalPayments {
  apiUrl: string;
  rpcUrl: string;
  network: `${string}:${string}`;
  asset: `0x${string}`;
  payTo: `0x${string}`;
  devWallet: { address: `0x${string}`; privateKey: `0x${string}` };
}

export function writeLocalPayments(state: LocalPayments): void {
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export function readLocalPayments(): LocalPayments | null {
  try {
    return JSON.parse(readFileSync(STATE_FILE, "utf8")) as LocalPayments;
  } catch {
    return null;
  }
}
