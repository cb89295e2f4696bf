// One delivery attempt over the network: POST the exact body, signed, with a 10-second limit, without
// following redirects (a 3xx is an answer, not a 2xx), through the SSRF guard.
import http from "node:http";
import https from "node:https";
import { ATTEMPT_TIMEOUT_MS } from "./delivery-schedule";
import { isIP } from "node:net";
import { BlockedTargetError, guardedLookup, isBlockedAddress } from "./guard-target";

export type PostOutcome = { kind: "answered"; status: number } | { kind: "failed"; error: string };

export interface PostDeliveryOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivateTargets: boolean;
  timeoutMs?: number;
}

export function postDelivery({ url, body, headers, allowPrivateTargets, timeoutMs = ATTEMPT_TIMEOUT_MS }: PostDeliveryOptions): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ kind: "failed", error: "the callback URL is not a valid URL" });
      return;
    }
    const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
    if (!client) {
      resolve({ kind: "failed", error: "the callback URL must be http or https" });
      return;
    }
    // An address written in the URL is connected to without a DNS lookup: check it here.
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (!allowPrivateTargets && isIP(literal) !== 0 && isBlockedAddress(literal)) {
      resolve({ kind: "failed", error: new BlockedTargetError(literal).message });
      return;
    }
    const payload = Buffer.from(body, "utf8");
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": String(payload.length), "user-agent": "court-docket-api-callbacks/2" },
        lookup: guardedLookup(allowPrivateTargets) as never,
        // A fresh connection per attempt: no keep-alive socket to another address is reused.
        agent: false,
      },
      (response) => {
        // The answer's status is all that counts: taken as soon as it arrives, the body is dropped.
        finish({ kind: "answered", status: response.statusCode ?? 0 });
        response.resume();
        response.on("error", () => undefined);
        setTimeout(() => request.destroy(), 1_000).unref();
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on("error", (error) => {
      const reason = error instanceof BlockedTargetError ? error.message : `network error: ${error.message}`;
      finish({ kind: "failed", error: reason.slice(0, 300) });
    });
    request.end(payload);
  });
}
