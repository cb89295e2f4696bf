// callback_url: which addresses are taken before payment. The spec does not pre-check reachability (that is
// tried at delivery time), but an address no connection can ever be made to is refused (400) rather than
// charged and retried for 18 hours.
import { describe, expect, it } from "vitest";
import { callbackUrlSchema } from "@/contract/schemas/requests";

const refusal = (value: string) => {
  const result = callbackUrlSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("callback_url", () => {
  it.each([
    "https://hooks.example.com/dockets",
    "http://hooks.example.com:8080/a?b=c#d",
    "https://user:pass@hooks.example.com/x",
    "https://my_host.example.com/x",
    "https://hooks.example.com./x",
    "https://bücher.example/hook",
    "http://93.184.216.34/hook",
    "http://[2606:4700::1111]:8443/hook",
    "https://hooks.example.com/a b",
  ])("takes %s", (value) => {
    expect(refusal(value)).toBeNull();
  });

  it.each([
    ["http://example.com:0/", /port 0/],
    ["http://.../", /not a host name/],
    ["http://*.example.com/", /not a host name/],
    ["http://a..b.example/", /not a host name/],
    ["http://-bad.example/", /not a host name/],
    [" https://hooks.example.com/x", /spaces around it or control characters/],
    ["https://hooks.example.com/x\n", /spaces around it or control characters/],
    ["https://hooks.exa\tmple.com/x", /spaces around it or control characters/],
    ["ftp://hooks.example.com/x", /absolute http\(s\) URL/],
  ])("refuses %j", (value, message) => {
    expect(refusal(value)).toMatch(message);
  });
});
