// The one way to get a PoolTarget from a pool's stored settings: a local directory (an
// absolute path) or s3://bucket/prefix (reached with the VERITY_S3_* connection settings).
import "server-only";
import path from "node:path";
import { z } from "zod";
import type { S3Connection } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { createLocalPoolTarget } from "@/lib/exports/targets/local-target";
import type { PoolTarget, PoolTargetConfig } from "@/lib/exports/targets/pool-target";
import { createS3PoolTarget } from "@/lib/exports/targets/s3-target";
import { createS3Client, s3Client } from "@/lib/storage/s3-client";

const LocalUriSchema = z
  .string()
  .refine((uri) => path.isAbsolute(uri), "a local pool target must be an absolute path, such as /srv/pools/grounding")
  .refine((uri) => !uri.split(/[\\/]/).includes(".."), "a local pool target must not contain '..'")
  .transform((uri) => path.resolve(uri));

// Prefix segments a trainer can join onto a path: no empty, "." or ".." segments.
const PREFIX_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

const S3UriSchema = z
  .string()
  .transform((uri, ctx) => {
    const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(uri);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "an S3 pool target must look like s3://bucket/prefix" });
      return z.NEVER;
    }
    const bucket = match[1]!;
    const prefix = (match[2] ?? "").replace(/\/+$/, "");
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
      ctx.addIssue({ code: "custom", message: `${bucket} is not a bucket name (3-63 of a-z 0-9 . -)` });
      return z.NEVER;
    }
    if (prefix !== "" && !prefix.split("/").every((s) => PREFIX_SEGMENT.test(s))) {
      ctx.addIssue({ code: "custom", message: "the prefix must be /-separated segments of letters, digits, . _ - (no empty, '.' or '..' segments)" });
      return z.NEVER;
    }
    return { bucket, prefix };
  });

const PoolTargetConfigSchema = z.discriminatedUnion("targetType", [
  z.object({ targetType: z.literal("local"), targetUri: LocalUriSchema }),
  z.object({ targetType: z.literal("s3"), targetUri: S3UriSchema }),
]);

/** Parses and checks a target without touching it; throws invalid_input naming what is wrong. */
export function parsePoolTargetConfig(config: PoolTargetConfig) {
  const parsed = PoolTargetConfigSchema.safeParse(config);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => (i.path[0] === "targetType" ? "the target type must be local or s3" : i.message)).join("; ");
    throw new AppError("invalid_input", `pool target ${JSON.stringify(config.targetUri)}: ${reason}`, parsed.error.issues);
  }
  return parsed.data;
}

/** `s3` overrides the VERITY_S3_* connection (tests, tools); the app passes only the config. */
export function poolTarget(config: PoolTargetConfig, s3?: S3Connection): PoolTarget {
  const parsed = parsePoolTargetConfig(config);
  if (parsed.targetType === "local") return createLocalPoolTarget(parsed.targetUri);
  const client = s3 ? createS3Client(s3) : s3Client();
  return createS3PoolTarget({ client, ...parsed.targetUri });
}
