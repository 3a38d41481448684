// The only reader of process.env. Invalid settings stop start-up with a message that names
// the setting, instead of failing later somewhere deep.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^(file:|postgres(ql)?:\/\/)/, "must be a file: URL (SQLite) or a postgres:// URL")
        .optional(),
    ),
    VERITY_DATA_DIR: z.string().min(1).default("./data"),
    NEXTAUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    NEXTAUTH_URL: optionalText.pipe(z.url().optional()),
    VERITY_OIDC_ISSUER: optionalText.pipe(z.url().optional()),
    VERITY_OIDC_CLIENT_ID: optionalText,
    VERITY_OIDC_CLIENT_SECRET: optionalText,
    VERITY_OIDC_NAME: z.string().default("Single sign-on"),
    VERITY_MAX_UPLOAD_MB: z.coerce.number().int().positive().max(100_000).default(512),
    // Directories an admin may import from by server-side path (colon-separated, like PATH).
    VERITY_IMPORT_ROOTS: z.string().default(""),
    // Directories a pool's local target may live under, besides <data dir>/pools (colon-separated).
    VERITY_POOL_ROOTS: z.string().default(""),
    VERITY_LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
    VERITY_LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.VERITY_OIDC_ISSUER, env.VERITY_OIDC_CLIENT_ID, env.VERITY_OIDC_CLIENT_SECRET];
    const given = oidc.filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["VERITY_OIDC_ISSUER"],
        message: "set VERITY_OIDC_ISSUER, VERITY_OIDC_CLIENT_ID and VERITY_OIDC_CLIENT_SECRET together, or none",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  mediaDir: string;
  databaseUrl: string;
  databaseProvider: "sqlite" | "postgres";
  importRoots: string[];
  poolRoots: string[];
  stagingDir: string;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.VERITY_DATA_DIR);
  const databaseUrl = parsed.DATABASE_URL ?? `file:${path.join(dataDir, "verity.db")}`;
  return {
    ...parsed,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    stagingDir: path.join(dataDir, "imports"),
    importRoots: parsed.VERITY_IMPORT_ROOTS.split(":").filter(Boolean).map((p) => path.resolve(p)),
    poolRoots: [path.join(dataDir, "pools"), ...parsed.VERITY_POOL_ROOTS.split(":").filter(Boolean).map((p) => path.resolve(p))],
    databaseUrl,
    databaseProvider: /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite",
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

// next-auth signs sessions with this. Without NEXTAUTH_SECRET a random one is generated once
// and kept under the data dir, so a fresh install is never protected by a known default.
export function authSecret(): string {
  const e = env();
  if (e.NEXTAUTH_SECRET) return e.NEXTAUTH_SECRET;
  const file = path.join(e.dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(e.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return readFileSync(file, "utf8").trim();
}
