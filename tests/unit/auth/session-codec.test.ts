// The session cookie's codec (lib/auth/session-codec.ts): what it encodes it decodes, and it
// refuses a token that was changed, made under another secret, or has expired, the cache of
// decrypted tokens included.
import { describe, expect, it } from "vitest";
import { decodeSessionToken, encodeSessionToken } from "@/lib/auth/session-codec";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const claims = { sub: "user1", sv: 3, sid: "abc", at: 1_700_000_000 };

describe("session token codec", () => {
  it("decodes what it encoded, twice alike (the second time from its cache)", async () => {
    const token = await encodeSessionToken({ token: claims, secret: SECRET, maxAge: 3600 });
    const first = await decodeSessionToken({ token, secret: SECRET });
    expect(first).toMatchObject(claims);
    expect(first!.exp).toBeGreaterThan(Date.now() / 1000);
    expect(await decodeSessionToken({ token, secret: SECRET })).toEqual(first);
  });

  it("refuses a changed token and a token of another secret", async () => {
    const token = await encodeSessionToken({ token: claims, secret: SECRET, maxAge: 3600 });
    const parts = token.split(".");
    const flipped = parts[3]!.startsWith("A") ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    await expect(decodeSessionToken({ token: [...parts.slice(0, 3), flipped, parts[4]].join("."), secret: SECRET })).rejects.toThrow();
    await expect(decodeSessionToken({ token, secret: `${SECRET}-other` })).rejects.toThrow();
  });

  it("refuses an expired token", async () => {
    const token = await encodeSessionToken({ token: claims, secret: SECRET, maxAge: -60 });
    await expect(decodeSessionToken({ token, secret: SECRET })).rejects.toThrow(/exp/);
  });

  it("has nothing to decode without a token", async () => {
    expect(await decodeSessionToken({ token: undefined, secret: SECRET })).toBeNull();
  });
});
