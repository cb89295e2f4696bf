// What a new developer sees when something is missing (issue 17, finding 6): a PostgreSQL that does not
// answer, and no Chromium for the status-page tests. Before 2.1: a bare ECONNREFUSED, and playwright's
// path error.
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open-database";
import { chromiumPath } from "../helpers/chromium";
import { freePort } from "../helpers/start-next";

describe("setup messages", () => {
  it("names the database host and the way out when DATABASE_URL does not answer", async () => {
    const port = await freePort(); // nothing listens there
    const opening = openDatabase({ databaseUrl: `postgresql://postgres:secret@127.0.0.1:${port}/court`, migrate: true });
    await expect(opening).rejects.toThrow(`Cannot reach the PostgreSQL database of DATABASE_URL (127.0.0.1:${port}/court): the connection was refused`);
    await expect(opening).rejects.toThrow(/unset DATABASE_URL to use the embedded database/);
    await expect(opening).rejects.not.toThrow(/secret/);
  });

  it("says how to install Chromium when it is missing", () => {
    expect(() => chromiumPath("/nonexistent/chromium")).toThrow(/No Chromium at \/nonexistent\/chromium.*apt-get install -y chromium.*CHROMIUM_PATH/);
  });
});
