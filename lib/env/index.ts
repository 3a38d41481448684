// The only reader of process.env. Invalid settings stop start-up with a message that names
// the setting, instead of failing later somewhere deep. The parsers of the settings that have a
// grammar of their own stand beside it (trusted-proxies.ts, model-host-rules.ts), so this room
// imports nothing of the app and every room may read it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustedProxies } from "@/lib/env/trusted-proxies";
import { parseModelHosts } from "@/lib/env/model-host-rules";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

// "true"/"false" as people write them; z.coerce.boolean would read "false" as true.
const flag = optionalText
  .transform((v) => v?.toLowerCase())
  .pipe(z.enum(["true", "false", "1", "0", "yes", "no"], "must be true or false").optional())
  .transform((v) => v === "true" || v === "1" || v === "yes");

// S3 bucket names as AWS and the S3-compatible servers accept them.
const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)");

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
    // Reverse proxies / load balancers whose X-Forwarded-For names the client (addresses or
    // CIDR ranges, comma-separated); without them the socket's address is the client's.
    VERITY_TRUSTED_PROXIES: z.string().default("").superRefine((spec, ctx) => {
      try {
        parseTrustedProxies(spec);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
    // Disk an import may use: what one upload's archive may unpack, what one project's uploads
    // and unpacked archives may hold at once, and the free space always left on the disk.
    VERITY_MAX_UNPACKED_MB: z.coerce.number().int().positive().default(4096),
    VERITY_PROJECT_STAGING_MB: z.coerce.number().int().positive().default(16384),
    VERITY_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(1024),
    // Jobs a project may have waiting at once, and jobs one worker runs at once (never two of
    // one project while another project waits).
    VERITY_MAX_QUEUED_JOBS: z.coerce.number().int().positive().default(10),
    VERITY_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    // Object storage (media and S3 pool targets) and the job worker.
    VERITY_MEDIA_STORE: optionalText.pipe(z.enum(["local", "s3"], "must be local or s3").default("local")),
    VERITY_S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:9000" }).optional()),
    VERITY_S3_REGION: optionalText.pipe(z.string().default("us-east-1")),
    VERITY_S3_BUCKET: optionalText.pipe(bucketName.optional()),
    VERITY_S3_PREFIX: optionalText.transform((v) => v?.replace(/^\/+|\/+$/g, "") || undefined),
    VERITY_S3_ACCESS_KEY_ID: optionalText,
    VERITY_S3_SECRET_ACCESS_KEY: optionalText,
    VERITY_S3_FORCE_PATH_STYLE: flag,
    VERITY_WORKER: optionalText.pipe(z.enum(["in-process", "external"], "must be in-process or external").default("in-process")),
    VERITY_JOB_LOCK_MS: z.coerce.number().int().min(500, "must be at least 500").default(60_000),
    VERITY_WORKER_POLL_MS: z.coerce.number().int().min(50, "must be at least 50").default(5_000),
    // Hosts model connections may call (lib/models/connections/model-hosts.ts), comma-separated:
    // host, host:port or *.domain. Unset: any host but link-local and cloud metadata addresses.
    VERITY_MODEL_HOSTS: z.string().default("").superRefine((spec, ctx) => {
      try {
        parseModelHosts(spec);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
    // Set by Next.js while it builds; nothing long-running starts then.
    NEXT_PHASE: z.string().optional(),
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
    const keys = [env.VERITY_S3_ACCESS_KEY_ID, env.VERITY_S3_SECRET_ACCESS_KEY].filter((v) => v !== undefined).length;
    if (keys === 1) {
      ctx.addIssue({
        code: "custom",
        path: [env.VERITY_S3_ACCESS_KEY_ID ? "VERITY_S3_SECRET_ACCESS_KEY" : "VERITY_S3_ACCESS_KEY_ID"],
        message: "set VERITY_S3_ACCESS_KEY_ID and VERITY_S3_SECRET_ACCESS_KEY together",
      });
    }
    if (env.VERITY_MEDIA_STORE === "s3") {
      // A missing single key is already reported above; here the wholly absent settings.
      const missing = [
        ...(env.VERITY_S3_BUCKET === undefined ? ["VERITY_S3_BUCKET"] : []),
        ...(keys === 0 ? ["VERITY_S3_ACCESS_KEY_ID", "VERITY_S3_SECRET_ACCESS_KEY"] : []),
      ];
      for (const name of missing) ctx.addIssue({ code: "custom", path: [name], message: "required when VERITY_MEDIA_STORE=s3" });
    }
  });

/** How to reach the S3-compatible server; null when no credentials are set. */
export type S3Connection = {
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  mediaDir: string;
  databaseUrl: string;
  databaseProvider: "sqlite" | "postgres";
  importRoots: string[];
  poolRoots: string[];
  stagingDir: string;
  s3: S3Connection | null;
  /** Where media go when VERITY_MEDIA_STORE=s3. */
  mediaS3: { bucket: string; prefix: string } | null;
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
    s3:
      parsed.VERITY_S3_ACCESS_KEY_ID && parsed.VERITY_S3_SECRET_ACCESS_KEY
        ? {
            endpoint: parsed.VERITY_S3_ENDPOINT,
            region: parsed.VERITY_S3_REGION,
            forcePathStyle: parsed.VERITY_S3_FORCE_PATH_STYLE,
            accessKeyId: parsed.VERITY_S3_ACCESS_KEY_ID,
            secretAccessKey: parsed.VERITY_S3_SECRET_ACCESS_KEY,
          }
        : null,
    mediaS3:
      parsed.VERITY_MEDIA_STORE === "s3" && parsed.VERITY_S3_BUCKET
        ? { bucket: parsed.VERITY_S3_BUCKET, prefix: parsed.VERITY_S3_PREFIX ?? "" }
        : null,
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

// next-auth signs sessions with this. Without NEXTAUTH_SECRET a random one is generated once
// and kept under the data dir, so a fresh install is never protected by a known default.
// Read from the file once per process (every request's session check asks for it); the file
// is written once and never changes while the app runs.
const secretsByFile = new Map<string, string>();

export function authSecret(): string {
  const e = env();
  if (e.NEXTAUTH_SECRET) return e.NEXTAUTH_SECRET;
  const file = path.join(e.dataDir, "auth-secret");
  const known = secretsByFile.get(file);
  if (known) return known;
  if (!existsSync(file)) {
    mkdirSync(e.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  const secret = readFileSync(file, "utf8").trim();
  secretsByFile.set(file, secret);
  return secret;
}
