// US state and territorial courts that keep their own dockets, from courts-db (scripts/registry/state-courts.ts
// says which rows are courts). Data: us-state.json.
import rows from "./us-state.json";
import { courtsOf } from "./registry-rows";

export const US_STATE_COURTS = courtsOf(rows);
