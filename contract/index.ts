// Public entry point: `import { contract } from "court-docket-api/contract"`.
// Depends only on zod and @ts-rest/core (tests/unit/contract-isolation.test.ts keeps it that way).
export * from "./router.ts";
export * from "./version.ts";
export * from "./schemas/values.ts";
export * from "./schemas/meta.ts";
export * from "./schemas/errors.ts";
export * from "./schemas/docket-entry.ts";
export * from "./schemas/case.ts";
export * from "./schemas/court.ts";
export * from "./schemas/wallet.ts";
export * from "./schemas/requests.ts";
export * from "./schemas/responses.ts";
export * from "./schemas/mcp.ts";
export * from "./schemas/callback-body.ts";
export { lenientSchema } from "./lenient.ts";
