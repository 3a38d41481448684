import "server-only";
// What `npm start` does before serving: the owner account (with a generated password kept
// under the data dir, never a fixed default) and the demo project, each only once.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { generatePassword } from "@/lib/auth/password";
import { createDemoProject } from "@/lib/demo/create-demo-project";
import type { MediaStore } from "@/lib/media/store";
import { createUser } from "@/lib/users/users";

export const OWNER_EMAIL = "owner@verity.local";
const CREDENTIALS_FILE = "owner-credentials.txt";

export type SignIn = { email: string; password: string | null; credentialsFile: string };

export async function ensureOwnerAndDemo(db: Db, store: MediaStore, dataDir: string): Promise<SignIn> {
  const credentialsFile = path.join(dataDir, CREDENTIALS_FILE);
  let owner = await db.user.findFirst({ where: { isOwner: true }, orderBy: { createdAt: "asc" } });
  if (!owner) {
    const password = generatePassword();
    mkdirSync(dataDir, { recursive: true });
    const created = await createUser(db, { email: OWNER_EMAIL, name: "Owner", password, isOwner: true });
    writeFileSync(credentialsFile, `email=${OWNER_EMAIL}\npassword=${password}\n`, { mode: 0o600 });
    owner = await db.user.findUniqueOrThrow({ where: { id: created.id } });
  }
  await createDemoProject(db, store, owner.id);
  return { email: owner.email, password: readStoredPassword(credentialsFile, owner.email), credentialsFile };
}

function readStoredPassword(file: string, email: string): string | null {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  if (!text.includes(`email=${email}`)) return null;
  return /^password=(.+)$/m.exec(text)?.[1] ?? null;
}
