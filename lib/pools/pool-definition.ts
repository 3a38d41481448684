// What a pool is (SPEC §6): a kind of training data, the one format its snapshots are written
// in, where they go (a local directory or an S3-compatible bucket and prefix), whether images
// are copied into each snapshot or referenced in the media store, and per-kind settings.
// Pure (no I/O, no node modules): the create form shows these rules and the server enforces
// them; where a local target may live is checked on the server (lib/pools/local-target-roots.ts).
import { z } from "zod";

export const POOL_KINDS = ["grounding", "navigation", "online_rl", "mid_training", "evaluation"] as const;
export type PoolKind = (typeof POOL_KINDS)[number];

export const FORMATS_BY_KIND = {
  grounding: ["swift_jsonl", "verl_parquet"],
  navigation: ["jsonl"],
  online_rl: ["jsonl"],
  mid_training: ["sharegpt_jsonl"],
  evaluation: ["csv_json"],
} as const satisfies Record<PoolKind, readonly string[]>;
export type PoolFormat = (typeof FORMATS_BY_KIND)[PoolKind][number];

export const KIND_LABELS: Record<PoolKind, string> = {
  grounding: "Offline RL: grounding",
  navigation: "Offline RL: navigation",
  online_rl: "Online RL: trajectories",
  mid_training: "Mid-training (by tier)",
  evaluation: "Evaluation results",
};

export const FORMAT_LABELS: Record<PoolFormat, string> = {
  swift_jsonl: "ms-swift / EasyR1 JSONL",
  verl_parquet: "verl parquet",
  jsonl: "JSONL",
  sharegpt_jsonl: "sharegpt JSONL (gold, rewrite, discard)",
  csv_json: "CSV + JSON",
};

// Kinds whose rows carry screenshots (evaluation tables do not).
export const KINDS_WITH_IMAGES: readonly PoolKind[] = ["grounding", "navigation", "online_rl", "mid_training"];

export const PoolNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, "must be 1-63 characters: lowercase letters, digits, '.', '_' and '-', starting with a letter or digit");

// As the S3 target reads it: prefix segments a trainer can join onto a path.
const S3_URI = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9_][A-Za-z0-9._-]*)*\/?$/;
const ID = /^[a-z0-9]{10,40}$/;

export const PoolSettingsSchema = z
  .object({
    // verl routes the reward function on data_source.
    dataSource: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._/-]{1,100}$/, "must be 1-100 characters: letters, digits, '.', '_', '/' and '-'")
      .optional(),
    // Evaluation pools: one run only (all runs when absent).
    runId: z.string().regex(ID, "must be a run id").optional(),
  })
  .strict();
export type PoolSettings = z.infer<typeof PoolSettingsSchema>;

export const PoolInputSchema = z
  .object({
    name: PoolNameSchema,
    kind: z.enum(POOL_KINDS),
    format: z.string(),
    targetType: z.enum(["local", "s3"]),
    targetUri: z.string().trim().min(1, "is required").max(1000),
    imageMode: z.enum(["copy", "reference"]).default("copy"),
    settings: PoolSettingsSchema.default({}),
  })
  .superRefine((pool, ctx) => {
    const formats: readonly string[] = FORMATS_BY_KIND[pool.kind];
    if (!formats.includes(pool.format)) {
      ctx.addIssue({ code: "custom", path: ["format"], message: `must be one of ${formats.join(", ")} for a ${pool.kind} pool` });
    }
    if (pool.targetType === "s3" && !S3_URI.test(pool.targetUri)) {
      ctx.addIssue({ code: "custom", path: ["targetUri"], message: "must be s3://bucket/prefix (bucket: 3-63 lowercase letters, digits, '.', '-'; prefix: /-separated letters, digits, '.', '_', '-')" });
    }
    if (pool.targetType === "local" && !pool.targetUri.startsWith("/")) {
      ctx.addIssue({ code: "custom", path: ["targetUri"], message: "must be an absolute directory path" });
    }
    if (pool.settings.dataSource !== undefined && pool.format !== "verl_parquet") {
      ctx.addIssue({ code: "custom", path: ["settings", "dataSource"], message: "applies to verl parquet pools only" });
    }
    if (pool.settings.runId !== undefined && pool.kind !== "evaluation") {
      ctx.addIssue({ code: "custom", path: ["settings", "runId"], message: "applies to evaluation pools only" });
    }
  });
export type PoolInput = z.output<typeof PoolInputSchema>;

/** A stored pool row's settings, read leniently: an unknown key from an older version is dropped, not fatal. */
export function storedPoolSettings(value: unknown): PoolSettings {
  const parsed = z.object(PoolSettingsSchema.shape).safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}
