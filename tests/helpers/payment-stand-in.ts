// The payment gate stood in, for in-process tests of what lies behind it: every request is "paid" by one
// wallet and settled (tests/http and tests/payments cover x402 itself). Use in a mock factory:
//   vi.mock("@/lib/payments/run-paid", async () => (await import("../helpers/payment-stand-in")).paymentStandIn("0x…"));
export function paymentStandIn(wallet: string) {
  return {
    runPaid: async (options: { work: (payer: string) => Promise<unknown> }) => ({
      result: await options.work(wallet),
      payer: wallet,
      settled: true,
      headers: {},
    }),
  };
}
