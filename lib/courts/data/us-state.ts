// US state and territorial courts that keep their own dockets, from courts-db (scripts/registry/state-courts.ts
// says which rows are courts). Data: us-state/<region>.json, put together in registry order by us-state/rows.ts.
import { US_STATE_ROWS } from "./us-state/rows";
import { courtsOf } from "./registry-rows";

export const US_STATE_COURTS = courtsOf(US_STATE_ROWS);
