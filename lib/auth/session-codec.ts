// How Verity encodes its session cookie (next-auth's `jwt.encode` / `jwt.decode`, used by the
// sign-in callback, the session read of every request and the proxy alike): an encrypted JWT
// (JWE, "dir" with A256GCM) under a key derived from the secret with HKDF. next-auth's own codec
// derives that key again on every call, and each request made two or three calls (the proxy's
// check, the session read and, before lib/auth/session.ts read the cookie with getToken, the
// refreshed token it wrote): HKDF was about a tenth of a busy server's CPU
// (bench/load-results.md). Here the key is derived once per secret, and a token already
// decrypted is read from a small cache until it expires; sessions are still checked against
// the database on every request (lib/auth/session.ts), so the cache never outlives a sign-out.
import { createHash, hkdfSync, randomUUID } from "node:crypto";
import { EncryptJWT, jwtDecrypt, type JWTPayload } from "jose";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string | Buffer): Uint8Array {
  const text = typeof secret === "string" ? secret : secret.toString("utf8");
  let key = keys.get(text);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", text, "", "Verity session token encryption key", 32));
    keys.set(text, key);
  }
  return key;
}

// Decrypted tokens by a hash of token and secret; bounded, oldest first out.
const DECODED_LIMIT = 2_000;
const decoded = new Map<string, JWTPayload>();
const cacheKey = (token: string, secret: string | Buffer) => createHash("sha256").update(secret).update("\0").update(token).digest("base64url");

export async function encodeSessionToken({ token = {}, secret, maxAge = 30 * 24 * 3600 }: JWTEncodeParams): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(token).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setIssuedAt(now).setExpirationTime(now + maxAge).setJti(randomUUID()).encrypt(keyOf(secret));
}

export async function decodeSessionToken({ token, secret }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const key = cacheKey(token, secret);
  const known = decoded.get(key);
  if (known && typeof known.exp === "number" && known.exp * 1000 > Date.now()) return known as JWT;
  const { payload } = await jwtDecrypt(token, keyOf(secret), { clockTolerance: 15 });
  if (decoded.size >= DECODED_LIMIT) decoded.delete(decoded.keys().next().value!);
  decoded.set(key, payload);
  return payload as JWT;
}

export const sessionCodec = { encode: encodeSessionToken, decode: decodeSessionToken };
