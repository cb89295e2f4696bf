// The store of one case failing (a lost connection, a deadlock) while the others store as usual: a refresh step
// that fails part way. Use in a mock factory, with the case named in a hoisted object:
//   const failing = vi.hoisted(() => ({ caseId: "", once: false }));
//   vi.mock("@/lib/cases/store-case", async (importOriginal) =>
//     (await import("../helpers/failing-store")).failingStore(await importOriginal(), failing));
import type * as StoreCaseModule from "@/lib/cases/store-case";

export interface FailingCase {
  /** The case whose store throws ("" for none). */
  caseId: string;
  /** Throws once, then stores as usual (a retry succeeds). */
  once: boolean;
}

export function failingStore(actual: typeof StoreCaseModule, failing: FailingCase): typeof StoreCaseModule {
  return {
    ...actual,
    storeCase: async (options) => {
      if (options.record.case_id === failing.caseId) {
        if (failing.once) failing.caseId = "";
        throw new Error("connection lost while storing");
      }
      return actual.storeCase(options);
    },
  };
}
