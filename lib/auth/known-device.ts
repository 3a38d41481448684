// The "known device" cookie: set when a browser signs in, it lets that browser's later sign-ins
// to the same account skip ahead of strangers for the scrypt budget (lib/auth/sign-in-lane.ts).
// It grants nothing else: the password is still checked and every limit still applies.
//
// A JWT signed with HS256 under a key derived from the server secret by HKDF, with its own
// label, so it never verifies as anything else (the session cookie's key is derived the same
// way with another label, lib/auth/session-codec.ts). It names the account (sub) and the
// account's session version when it was issued (sv): a password change or reset, a disable
// or "sign out everywhere" moves the version and so ends every device's standing too. HttpOnly,
// SameSite=Lax, and sent only to /api/auth, the one place that reads it.
import { hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 3600;
const AUDIENCE = "verity:known-device";

export type DeviceAccount = { id: string; sessionVersion: number };

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", secret, "", "Verity known device signing key", 32));
    keys.set(secret, key);
  }
  return key;
}

/** The cookie's name: __Secure- prefixed when the site is served over HTTPS, as next-auth's are. */
export function knownDeviceCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}verity-known-device`;
}

export async function signKnownDevice(account: DeviceAccount, secret: string, now = Date.now()): Promise<string> {
  const issued = Math.floor(now / 1000);
  return new SignJWT({ sv: account.sessionVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(account.id)
    .setAudience(AUDIENCE)
    .setIssuedAt(issued)
    .setExpirationTime(issued + KNOWN_DEVICE_MAX_AGE_SECONDS)
    .sign(keyOf(secret));
}

/**
 * Whether `token` is a device cookie this server issued for this account at its current session
 * version, and not expired. A forged, altered, expired or other account's cookie is simply not
 * known: the attempt goes in the strangers' lane.
 */
export async function isKnownDevice(token: string | undefined, account: DeviceAccount | null, secret: string, now = Date.now()): Promise<boolean> {
  if (!token) return false;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"], audience: AUDIENCE, currentDate: new Date(now) });
    return account !== null && payload.sub === account.id && typeof payload.sv === "number" && payload.sv === account.sessionVersion;
  } catch {
    return false;
  }
}

/** The Set-Cookie header value that stores `token` in the browser. */
export function knownDeviceSetCookie(token: string, secure: boolean): string {
  const attributes = [`Path=/api/auth`, `Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return [`${knownDeviceCookieName(secure)}=${token}`, ...attributes].join("; ");
}

/** The device cookie's value in a Cookie request header, if any. */
export function knownDeviceTokenOf(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  const name = knownDeviceCookieName(secure);
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
