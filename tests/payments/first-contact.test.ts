// No race on first contact (issue 13): a new wallet's first requests arrive together, and each writes what is
// keyed by the wallet (its row, its deliveries, its signing key). Driven at the point of the race, many
// concurrent first writes per new wallet, on PGlite and PostgreSQL; the paid end-to-end version is in
// paid-again.test.ts.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CaseResponse } from "@/contract";
import { createDeliveries } from "@/lib/callbacks/create-deliveries";
import { currentSigningKey } from "@/lib/keys/current-signing-key";
import { resetEnvForTests } from "@/lib/env";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const newWallet = () => `0x${randomBytes(20).toString("hex")}`;

describe.each(EACH_DATABASE)("first contact of new wallets on %s", (_name, target) => {
  const database = databaseForSuite(target);

  it("creates each wallet once, whatever many first requests write for it at the same time", async () => {
    const prisma = database().db.prisma;
    const wallets = Array.from({ length: 6 }, newWallet);
    const writes = wallets.flatMap((wallet) =>
      Array.from({ length: 12 }, (_, i) =>
        createDeliveries({
          prisma,
          wallet,
          requestId: `req_${wallet.slice(2, 10)}_${i}`,
          now: new Date(),
          deliveries: [{ caseId: "1:24-cv-00001", courtCode: "nysd", callbackUrl: "https://example.org/hook", payload: {} as CaseResponse }],
        }),
      ),
    );
    const results = await Promise.allSettled(writes);
    expect(results.filter((result) => result.status === "rejected").map((result) => String((result as PromiseRejectedResult).reason).slice(0, 200))).toEqual([]);
    expect(await prisma.wallet.count({ where: { address: { in: wallets } } })).toBe(6);
    expect(await prisma.callbackDelivery.count({ where: { walletAddress: { in: wallets }, status: "held" } })).toBe(72);
  });

  it("provisions one signing key for a new wallet while its deliveries are written", async () => {
    process.env.SIGNING_KEYS_ENCRYPTION_KEY = "44".repeat(32);
    resetEnvForTests();
    try {
      const prisma = database().db.prisma;
      const wallet = newWallet();
      const work = [
        ...Array.from({ length: 8 }, (_, i) =>
          createDeliveries({ prisma, wallet, requestId: `req_k_${i}`, now: new Date(), deliveries: [{ caseId: "1:24-cv-00001", courtCode: "nysd", callbackUrl: "https://example.org/hook", payload: {} as CaseResponse }] }),
        ),
        ...Array.from({ length: 8 }, () => currentSigningKey(prisma, wallet, new Date())),
      ];
      const results = await Promise.allSettled(work);
      expect(results.filter((result) => result.status === "rejected").map((result) => String((result as PromiseRejectedResult).reason).slice(0, 200))).toEqual([]);
      expect(await prisma.signingKey.count({ where: { walletAddress: wallet } })).toBe(1);
    } finally {
      delete process.env.SIGNING_KEYS_ENCRYPTION_KEY;
      resetEnvForTests();
    }
  });
});
