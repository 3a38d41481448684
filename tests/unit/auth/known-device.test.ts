// The known-device cookie: only a cookie this server signed for this account, at the account's
// current session version and before it expires, makes a browser known. Anything else (forged,
// altered, expired, another account's, from before "sign out everywhere") is a stranger's.
import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { isKnownDevice, KNOWN_DEVICE_MAX_AGE_SECONDS, knownDeviceSetCookie, knownDeviceTokenOf, signKnownDevice } from "@/lib/auth/known-device";

const SECRET = "a-server-secret-of-at-least-32-characters";
const alice = { id: "user-alice", sessionVersion: 3 };
const bob = { id: "user-bob", sessionVersion: 3 };
const T0 = Date.UTC(2026, 0, 1);

describe("the known-device cookie", () => {
  it("makes the browser known to the account it was issued for, for its whole life", async () => {
    const token = await signKnownDevice(alice, SECRET, T0);
    expect(await isKnownDevice(token, alice, SECRET, T0)).toBe(true);
    expect(await isKnownDevice(token, alice, SECRET, T0 + (KNOWN_DEVICE_MAX_AGE_SECONDS - 60) * 1000)).toBe(true);
  });

  it("is not known once expired", async () => {
    const token = await signKnownDevice(alice, SECRET, T0);
    expect(await isKnownDevice(token, alice, SECRET, T0 + (KNOWN_DEVICE_MAX_AGE_SECONDS + 1) * 1000)).toBe(false);
  });

  it("is not known for another account, nor for an unknown e-mail", async () => {
    const token = await signKnownDevice(alice, SECRET, T0);
    expect(await isKnownDevice(token, bob, SECRET, T0)).toBe(false);
    expect(await isKnownDevice(token, null, SECRET, T0)).toBe(false);
  });

  it("is not known once the account's session version moved (password reset, disable, sign out everywhere)", async () => {
    const token = await signKnownDevice(alice, SECRET, T0);
    expect(await isKnownDevice(token, { ...alice, sessionVersion: 4 }, SECRET, T0)).toBe(false);
  });

  it("is not known when forged: another secret, an altered payload, no signature, or a token of another kind", async () => {
    const other = await signKnownDevice(alice, "another-secret-of-at-least-32-characters", T0);
    expect(await isKnownDevice(other, alice, SECRET, T0)).toBe(false);

    const [header, , signature] = (await signKnownDevice(bob, SECRET, T0)).split(".");
    const alicePayload = Buffer.from(JSON.stringify({ sv: 3, sub: alice.id, aud: "verity:known-device", iat: T0 / 1000, exp: T0 / 1000 + 3600 })).toString("base64url");
    expect(await isKnownDevice(`${header}.${alicePayload}.${signature}`, alice, SECRET, T0), "bob's signature over alice's name").toBe(false);

    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${alicePayload}.`;
    expect(await isKnownDevice(unsigned, alice, SECRET, T0), "alg none").toBe(false);

    // Signed with the raw secret (not the derived key) and without the device audience.
    const raw = await new SignJWT({ sv: 3 }).setProtectedHeader({ alg: "HS256" }).setSubject(alice.id).setExpirationTime(T0 / 1000 + 3600).sign(new TextEncoder().encode(SECRET));
    expect(await isKnownDevice(raw, alice, SECRET, T0)).toBe(false);

    expect(await isKnownDevice("not-a-token", alice, SECRET, T0)).toBe(false);
    expect(await isKnownDevice(undefined, alice, SECRET, T0)).toBe(false);
  });

  it("is an HttpOnly, SameSite=Lax cookie for /api/auth only, Secure and __Secure- prefixed over HTTPS, and read back by its name", () => {
    const plain = knownDeviceSetCookie("tok.en.value", false);
    expect(plain).toMatch(/^verity-known-device=tok\.en\.value; /);
    expect(plain).toContain("Path=/api/auth");
    expect(plain).toContain("HttpOnly");
    expect(plain).toContain("SameSite=Lax");
    expect(plain).toContain(`Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`);
    expect(plain).not.toContain("Secure;");
    expect(knownDeviceSetCookie("t", true)).toMatch(/^__Secure-verity-known-device=t; .*; Secure$/);
    expect(knownDeviceTokenOf("a=1; verity-known-device=abc.def; b=2", false)).toBe("abc.def");
    expect(knownDeviceTokenOf("verity-known-device=abc.def", true), "the plain name does not count over HTTPS").toBeUndefined();
    expect(knownDeviceTokenOf(null, false)).toBeUndefined();
  });
});
