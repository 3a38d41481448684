import "server-only";
// API keys of model connections, encrypted at rest. AES-256-GCM under a key derived (HKDF-SHA256)
// from the server secret (authSecret(): NEXTAUTH_SECRET, or the generated one in the data dir),
// with the project's id as associated data, so a ciphertext copied to another project's row does
// not open. A database dump or backup holds only ciphertext; a restore onto a server with another
// secret cannot read the keys and says so (the admin types them again), never sends garbage.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";

const VERSION = "v1";
const INFO = "verity model-connection api key v1";

function key(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), INFO, 32));
}

/** The sealed form of `plain`, bound to `projectId`. */
export function sealSecret(plain: string, projectId: string, secret = authSecret()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(secret), iv);
  cipher.setAAD(Buffer.from(projectId, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

/** The plain text of a sealed secret; AppError when it was sealed under another server secret or project. */
export function openSecret(sealed: string, projectId: string, secret = authSecret()): string {
  const [version, payload] = sealed.split(":", 2);
  if (version !== VERSION || !payload) throw new AppError("invalid_input", "the stored API key is in an unknown format; enter it again");
  const raw = Buffer.from(payload, "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(secret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(projectId, "utf8"));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new AppError("invalid_input", "the stored API key cannot be opened with this server's secret (restored from another server?); enter it again");
  }
}

/** What a screen may show of a key: its last four characters. */
export const secretHint = (plain: string): string => (plain.length <= 8 ? "…" : `…${plain.slice(-4)}`);
