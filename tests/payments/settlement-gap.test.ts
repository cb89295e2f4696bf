// A settlement account whose nonces have a hole: a transaction the node accepted and then lost (dropped from
// its mempool), after which every later settlement waits behind it. On a local chain mining every 500 ms,
// with the node's own hardhat_dropTransaction making the hole: the sender broadcasts its own lost
// transaction again, and fills a nonce it holds nothing for (an instance that is gone signed it) with an
// empty transfer, so the settlements behind the hole are mined. Both databases: on PostgreSQL the nonce
// counter is the shared table, on PGlite the process's memory.
import { createPublicClient, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "@/lib/db";
import { SettlementSender } from "@/lib/payments/settlement-sender";
import { startLocalChain, type LocalChain } from "../helpers/local-chain";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const BLOCK_MS = 500;

describe.each(EACH_DATABASE)("settlement nonce gaps on %s", (_name, target) => {
  let chain: LocalChain;
  const opened = databaseForSuite(target);

  beforeAll(async () => {
    useDatabase(opened().db);
    chain = await startLocalChain(4, { intervalMiningMs: BLOCK_MS });
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
  });

  /** A sender for account `index`, as a fresh instance of the app would make it. */
  const senderFor = (index: number) => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const account = privateKeyToAccount(chain.privateKeys[index]!);
    return { sender: new SettlementSender({ account, client, chainId: chain.chain.id, blockTimeMs: BLOCK_MS }), client, account };
  };
  /** Stops block production while a hole is made, so that nothing is mined in between. */
  const pauseMining = () => chain.request("evm_setIntervalMining", [0]);
  const resumeMining = () => chain.request("evm_setIntervalMining", [BLOCK_MS]);
  const nothing = (to: Hex) => ({ to, data: "0x" as Hex });

  it("broadcasts its own lost transaction again: the settlements behind it are mined", async () => {
    const { sender, client, account } = senderFor(2);
    await pauseMining();
    const hashes: Hex[] = [];
    for (let i = 0; i < 3; i += 1) hashes.push(await sender.send(nothing(account.address)));
    expect(await chain.request("hardhat_dropTransaction", [hashes[0]])).toBe(true);
    await resumeMining();

    const receipts = await Promise.all(hashes.map((hash) => sender.waitForReceipt(hash, 20_000, BLOCK_MS / 4)));
    expect(receipts.map((receipt) => receipt.status)).toEqual(["success", "success", "success"]);
    expect(await client.getTransactionCount({ address: account.address, blockTag: "latest" })).toBe(3);
  }, 60_000);

  it("fills a missing nonce it holds nothing for with an empty transfer, then the waiting settlement is mined", async () => {
    const { sender, client, account } = senderFor(3);
    const first = await sender.send(nothing(account.address));
    await sender.waitForReceipt(first, 20_000, BLOCK_MS / 4);

    await pauseMining();
    // Another instance's transaction takes nonce 1 (then that instance is gone)...
    const fees = await client.estimateFeesPerGas();
    const others = await account.signTransaction({
      chainId: chain.chain.id,
      type: "eip1559",
      to: account.address,
      value: 0n,
      nonce: 1,
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas!,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
    });
    const lost = await client.sendRawTransaction({ serializedTransaction: others });
    // ...so ours is numbered after it...
    const ours = await sender.send(nothing(account.address));
    // ...and the node loses the other one.
    expect(await chain.request("hardhat_dropTransaction", [lost])).toBe(true);
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(1);
    await resumeMining();

    const receipt = await sender.waitForReceipt(ours, 30_000, BLOCK_MS / 4);
    expect(receipt.status).toBe("success");
    expect(await client.getTransactionCount({ address: account.address, blockTag: "latest" })).toBe(3);
    // The filler is an empty transfer to ourselves at the missing nonce, not the lost transaction.
    const block = await client.getBlock({ blockNumber: receipt.blockNumber, includeTransactions: true });
    const earlier = await Promise.all(
      Array.from({ length: Number(receipt.blockNumber) }, (_, i) => client.getBlock({ blockNumber: receipt.blockNumber - BigInt(i), includeTransactions: true })),
    );
    const atNonceOne = [block, ...earlier].flatMap((b) => b.transactions).find((tx) => tx.from.toLowerCase() === account.address.toLowerCase() && tx.nonce === 1);
    expect(atNonceOne?.hash).not.toBe(lost);
    expect(atNonceOne?.to?.toLowerCase()).toBe(account.address.toLowerCase());
    expect(atNonceOne?.value).toBe(0n);
  }, 60_000);

  it("finds nothing to repair when the chain is only slow", async () => {
    const { sender, client, account } = senderFor(2);
    const before = await client.getTransactionCount({ address: account.address, blockTag: "latest" });
    await pauseMining();
    const hash = await sender.send(nothing(account.address));
    await sender.repairStall();
    await sender.repairStall();
    // Nothing was sent besides our transaction: one pending, and it is ours.
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(before + 1);
    await resumeMining();
    expect((await sender.waitForReceipt(hash, 20_000, BLOCK_MS / 4)).status).toBe("success");
  }, 60_000);
});
