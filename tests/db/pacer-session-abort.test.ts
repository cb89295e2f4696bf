// A PACER login asked for by a fetch that then gives up (its deadline, or the margin a reading with parties keeps
// before it: lib/sources/pacer/cached-header.ts readPartiesOrKeep) is the fetch's own end, not the authentication
// service's: it must neither block every instance's logins nor hold the fetch past its signal while another
// instance logs in.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pacerToken } from "@/lib/sources/pacer/pacer-session";
import type { PacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

/** An authentication service that never answers: the login waits until its caller gives up. */
let silent: http.Server;
const held: http.ServerResponse[] = [];
beforeAll(async () => {
  silent = http.createServer((_request, response) => void held.push(response));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const response of held) response.destroy();
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const settingsFor = (loginId: string): PacerSettings => ({
  loginId,
  password: "secret",
  clientCode: null,
  totpSecret: null,
  loginUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
  ecfUrlTemplate: "http://127.0.0.1:1/ecf/{court}",
  dailyBudgetCents: 10_000,
  monthlyBudgetCents: 100_000,
  loginBackoffMs: 60_000,
  feedSkewMs: 0,
  reportTimeoutMs: 15_000,
});

describe.each(EACH_DATABASE)("PACER session, a caller giving up, on %s", (_name, target) => {
  const database = databaseForSuite(target);
  const prisma = (): PrismaClient => database().db.prisma;

  it("a login its caller gave up on blocks no other login and leaves no lease", async () => {
    const settings = settingsFor(`gave-up-${target.name}`);
    const giveUp = new AbortController();
    const before = held.length;
    const asked = pacerToken(prisma(), settings, { signal: giveUp.signal });
    // The login is under way (the service has the request) when the caller gives up.
    await expect.poll(() => held.length, { timeout: 5_000 }).toBeGreaterThan(before);
    giveUp.abort();
    await expect(asked).rejects.toThrow();
    const [row] = await prisma().$queryRawUnsafe<{ blocked_until: Date | null; login_holder: string | null; last_error: string | null }[]>(
      `SELECT blocked_until, login_holder, last_error FROM pacer_sessions WHERE login_id = $1`,
      settings.loginId,
    );
    // Before: the service was recorded unavailable for 30 s, refusing every instance's login meanwhile.
    expect(row).toMatchObject({ blocked_until: null, login_holder: null, last_error: null });
  });

  it("a caller waiting for another instance's login stops waiting when it gives up", async () => {
    const settings = settingsFor(`waiting-${target.name}`);
    await prisma().$executeRawUnsafe(
      `INSERT INTO pacer_sessions (login_id, login_holder, login_until) VALUES ($1, 'another instance', now() + interval '30 seconds')`,
      settings.loginId,
    );
    const giveUp = new AbortController();
    const asked = pacerToken(prisma(), settings, { signal: giveUp.signal });
    giveUp.abort(new Error("the fetch gave up"));
    // Before: it went on polling the row until the other's lease and 5 s more had passed (35 s).
    await expect(asked).rejects.toThrow("the fetch gave up");
  });
});
