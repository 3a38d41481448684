import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/auth/client-address";
import { parseTrustedProxies } from "@/lib/env/trusted-proxies";

describe("the client address of a sign-in", () => {
  const none = parseTrustedProxies("");
  const proxies = parseTrustedProxies("10.0.0.0/8, 127.0.0.1 ::1");

  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress({ peer: "192.0.2.5", forwardedFor: "6.6.6.6" }, none)).toBe("192.0.2.5");
    expect(clientAddress({ peer: "::ffff:192.0.2.5", forwardedFor: null }, none)).toBe("192.0.2.5");
  });

  it("is the socket's peer when the peer is not a trusted proxy", () => {
    expect(clientAddress({ peer: "192.0.2.5", forwardedFor: "6.6.6.6" }, proxies)).toBe("192.0.2.5");
  });

  it("behind trusted proxies, is the right-most entry that is not one of them", () => {
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.7" }, proxies)).toBe("198.51.100.7");
    expect(clientAddress({ peer: "10.1.2.3", forwardedFor: "6.6.6.6, 198.51.100.7, 10.9.9.9" }, proxies)).toBe("198.51.100.7");
    expect(clientAddress({ peer: "::1", forwardedFor: "2001:db8::1" }, proxies)).toBe("2001:db8::1");
  });

  it("behind trusted proxies, is the peer without X-Forwarded-For, and never a malformed entry", () => {
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: null }, proxies)).toBe("127.0.0.1");
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: "198.51.100.7, not-an-address" }, proxies)).toBe("127.0.0.1");
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: "10.0.0.1, 10.0.0.2" }, proxies)).toBe("10.0.0.1");
  });

  it("is 'unknown' without a peer (never a header the client wrote)", () => {
    expect(clientAddress({ peer: null, forwardedFor: "6.6.6.6" }, proxies)).toBe("unknown");
  });

  it("trusted proxies are addresses or CIDR ranges, and anything else is refused", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/proxy\.internal/);
    expect(parseTrustedProxies("fd00::/8").has("fd12::1")).toBe(true);
    expect(parseTrustedProxies("192.168.1.0/24").has("192.168.2.1")).toBe(false);
  });
});
