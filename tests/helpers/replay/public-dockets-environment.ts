// A replay server speaking the three free public docket systems (the Supreme Court's docket JSON, TAMES,
// ACIS) from recorded real records, and this process configured to read them there: the production
// adapters, fetchers and court HTTP client with only the base URLs on 127.0.0.1. Set
// PUBLIC_DOCKET_SYSTEMS in `vi.hoisted` too, so the court registry, computed when first imported, covers them.
import { resetEnvForTests } from "@/lib/env";
import { forgetAcisCourtsForTests } from "@/lib/sources/florida/fetch-acis";
import { resetCourtHttpClientForTests } from "@/lib/sources/http/court-http-client";
import { AcisReplay } from "./acis-protocol";
import { REPLAY_HTTP_SETTINGS, ReplayServer } from "./replay-server";
import { ScotusReplay } from "./scotus-protocol";
import { TamesReplay } from "./tames-protocol";

export interface PublicDocketsEnvironment {
  server: ReplayServer;
  scotus: ScotusReplay;
  tames: TamesReplay;
  acis: AcisReplay;
  close(): Promise<void>;
}

export async function startPublicDocketsEnvironment(): Promise<PublicDocketsEnvironment> {
  const scotus = new ScotusReplay();
  const tames = new TamesReplay();
  const acis = new AcisReplay();
  const server = await ReplayServer.start([scotus, tames, acis]);
  Object.assign(process.env, {
    PUBLIC_DOCKET_SYSTEMS: "scotus,tames,acis",
    SCOTUS_BASE_URL: server.baseUrl,
    TAMES_BASE_URL: server.baseUrl,
    ACIS_BASE_URL: server.baseUrl,
    ...REPLAY_HTTP_SETTINGS,
  });
  resetEnvForTests();
  resetCourtHttpClientForTests();
  forgetAcisCourtsForTests();
  return { server, scotus, tames, acis, close: () => server.close() };
}
