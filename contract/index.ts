// Public entry point: `import { contract } from "court-docket-api/contract"`.
// Depends only on zod and @ts-rest/core (tests/unit/contract-isolation.test.ts keeps it that way).
export * from "./router.js";
export * from "./version.js";
export * from "./schemas/values.js";
export * from "./schemas/meta.js";
export * from "./schemas/errors.js";
export * from "./schemas/docket-entry.js";
export * from "./schemas/case.js";
export * from "./schemas/court.js";
export * from "./schemas/wallet.js";
export * from "./schemas/requests.js";
export * from "./schemas/responses.js";
export * from "./schemas/mcp.js";
