// Every current US federal court: PACER's CM/ECF codes (94 district courts, the 94 bankruptcy systems, the 13
// courts of appeals, the national courts), the Supreme Court, and the federal courts PACER does not serve.
// Data: us-federal.json (scripts/registry/federal-input.ts is its input).
import rows from "./us-federal.json";
import { courtsOf } from "./registry-rows";

export const US_FEDERAL_COURTS = courtsOf(rows);
