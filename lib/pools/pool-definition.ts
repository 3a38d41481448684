// What a pool is (SPEC §6): a kind of training data; the PROFILE of the framework that reads
// it (the one layout its snapshots are written in); where they go (a local directory or an
// S3-compatible bucket and prefix); how rows name their screenshots; the coordinate
// convention, target and prompt template of the base model; and which verified items it
// selects. Pure (no I/O): the create form, the CLI and the API all validate with
// PoolInputSchema, so each refuses the same things with the same words; where a local target
// may live is checked on the server (lib/pools/local-target-roots.ts).
import { z } from "zod";
import { CONVENTIONS, TARGET_KINDS, type ConventionId, type RoundingId } from "@/lib/exports/conventions/coordinate-conventions";
import { GROUNDING_TEMPLATES, NAVIGATION_TEMPLATES, TEMPLATES, isGroundingTemplate, isNavigationTemplate } from "@/lib/exports/conventions/prompt-templates";
import { PoolFiltersSchema, filterProblem } from "@/lib/pools/pool-filters";
import { ROW_ID } from "@/lib/ids/row-id-shape";

export const POOL_KINDS = ["grounding", "navigation", "online_rl", "mid_training", "evaluation"] as const;
export type PoolKind = (typeof POOL_KINDS)[number];

export const PROFILES = ["verl", "easyr1", "ms-swift", "llama-factory", "hf-datasets", "table"] as const;
export type ProfileId = (typeof PROFILES)[number];

export const PROFILES_BY_KIND = {
  grounding: ["verl", "easyr1", "ms-swift", "llama-factory", "hf-datasets"],
  navigation: ["verl", "easyr1", "ms-swift", "llama-factory", "hf-datasets"],
  // Online RL is trained in an environment; what a pool gives a trainer from verified rollouts
  // is SFT on the successes and DPO pairs, which verl's and EasyR1's RL loaders do not read.
  online_rl: ["ms-swift", "llama-factory", "hf-datasets"],
  mid_training: ["llama-factory", "ms-swift", "hf-datasets"],
  evaluation: ["table"],
} as const satisfies Record<PoolKind, readonly ProfileId[]>;

export const IMAGE_MODES = ["copy", "absolute", "embed"] as const;

export const HISTORY_THOUGHTS = ["convert", "omit"] as const;
export type ImageMode = (typeof IMAGE_MODES)[number];

// How each framework can be handed a screenshot without glue (see lib/exports/profiles):
//   copy      images/<sha256>.<ext> in the snapshot, rows name that relative path and the
//             README passes the snapshot as the framework's image directory;
//   absolute  the same copies, rows name their absolute path (local targets only);
//   embed     the bytes inside the parquet rows.
// verl opens a relative path against the trainer's working directory, so it gets embed or
// absolute; a Hugging Face datasets parquet is the embedded kind by definition.
export const IMAGE_MODES_BY_PROFILE: Record<ProfileId, readonly ImageMode[]> = {
  verl: ["embed", "absolute"],
  easyr1: ["copy", "absolute", "embed"],
  "ms-swift": ["copy", "absolute"],
  "llama-factory": ["copy", "absolute"],
  "hf-datasets": ["embed"],
  table: ["copy"],
};

export const KIND_LABELS: Record<PoolKind, string> = {
  grounding: "Offline RL: grounding",
  navigation: "Offline RL: navigation",
  online_rl: "Online RL: SFT, DPO pairs, rewards",
  mid_training: "Mid-training (by tier)",
  evaluation: "Evaluation results",
};

export const PROFILE_LABELS: Record<ProfileId, string> = {
  verl: "verl (parquet, RLHFDataset)",
  easyr1: "EasyR1 (prompt / answer / images)",
  "ms-swift": "ms-swift (messages / images / solution)",
  "llama-factory": "LLaMA-Factory (sharegpt + dataset_info.json)",
  "hf-datasets": "Hugging Face datasets (parquet, embedded images)",
  table: "CSV + JSON table",
};

export const IMAGE_MODE_LABELS: Record<ImageMode, string> = {
  copy: "copy into the snapshot (relative paths)",
  absolute: "copy into the snapshot (absolute paths)",
  embed: "embed the bytes in the rows",
};

// Kinds whose rows carry screenshots (evaluation tables do not).
export const KINDS_WITH_IMAGES: readonly PoolKind[] = ["grounding", "navigation", "online_rl", "mid_training"];
export const GROUNDING_KINDS: readonly PoolKind[] = ["grounding", "mid_training"];
export const NAVIGATION_KINDS: readonly PoolKind[] = ["navigation", "online_rl"];

export const PoolNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, "must be 1-63 characters: lowercase letters, digits, '.', '_' and '-', starting with a letter or digit");

// As the S3 target reads it: prefix segments a trainer can join onto a path.
const S3_URI = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9_][A-Za-z0-9._-]*)*\/?$/;

export const PoolSettingsSchema = z
  .object({
    // verl routes the reward function and its metrics on data_source.
    dataSource: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._/-]{1,100}$/, "must be 1-100 characters: letters, digits, '.', '_', '/' and '-'")
      .optional(),
    // Evaluation pools: one run only (all runs when absent).
    runId: z.string().regex(ROW_ID, "must be a run id").optional(),
    convention: z.enum(CONVENTIONS).optional(),
    target: z.enum(TARGET_KINDS).optional(),
    template: z.enum([...GROUNDING_TEMPLATES, ...NAVIGATION_TEMPLATES]).optional(),
    // ms-swift grounding rows as its `objects` format (ref / bbox / bbox_type), which ms-swift
    // turns into each model's own box syntax and normalisation.
    swiftObjects: z.boolean().optional(),
    // Navigation history lines: the agent's recorded thoughts converted into the pool's
    // coordinate space where they hold AndroidLab bounds (default), or left out altogether.
    historyThoughts: z.enum(HISTORY_THOUGHTS).optional(),
    filters: PoolFiltersSchema.optional(),
  })
  .strict();
export type PoolSettings = z.infer<typeof PoolSettingsSchema>;

/**
 * The convention, target and template a pool of this kind uses when its settings name none,
 * and its rounding: ms-swift's objects rows are rounded as ms-swift itself derives them
 * (coordinate-conventions.ts, half-even), every other row half up.
 */
export function resolvedStyle(kind: PoolKind, settings: PoolSettings) {
  const grounding = GROUNDING_KINDS.includes(kind);
  const template = settings.template ?? (grounding ? "ui-venus-1.5-grounding" : "ui-venus-1.5-mobile");
  const convention: ConventionId = settings.convention ?? TEMPLATES[template].conventions[0]!;
  const target = settings.target ?? TEMPLATES[template].targets?.[0] ?? "point";
  const rounding: RoundingId = settings.swiftObjects === true ? "half-even" : "half-up";
  return { template, convention, target, rounding, historyThoughts: settings.historyThoughts ?? "convert" };
}

export const PoolInputSchema = z
  .object({
    name: PoolNameSchema,
    kind: z.enum(POOL_KINDS),
    profile: z.enum(PROFILES),
    targetType: z.enum(["local", "s3"]),
    targetUri: z.string().trim().min(1, "is required").max(1000),
    imageMode: z.enum(IMAGE_MODES).optional(),
    settings: PoolSettingsSchema.default({}),
  })
  .superRefine((pool, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const profiles: readonly string[] = PROFILES_BY_KIND[pool.kind];
    if (!profiles.includes(pool.profile)) issue(["profile"], `must be one of ${profiles.join(", ")} for a ${pool.kind} pool`);
    if (pool.targetType === "s3" && !S3_URI.test(pool.targetUri)) {
      issue(["targetUri"], "must be s3://bucket/prefix (bucket: 3-63 lowercase letters, digits, '.', '-'; prefix: /-separated letters, digits, '.', '_', '-')");
    }
    if (pool.targetType === "local" && !pool.targetUri.startsWith("/")) issue(["targetUri"], "must be an absolute directory path");
    const s = pool.settings;
    if (KINDS_WITH_IMAGES.includes(pool.kind)) {
      const modes = IMAGE_MODES_BY_PROFILE[pool.profile];
      const mode = pool.imageMode ?? modes[0]!;
      if (!modes.includes(mode)) issue(["imageMode"], `must be one of ${modes.join(", ")} for the ${pool.profile} profile`);
      if (mode === "absolute" && pool.targetType !== "local") issue(["imageMode"], "absolute paths need a local target (an S3 prefix has no path a trainer opens)");
      const grounding = GROUNDING_KINDS.includes(pool.kind);
      if (s.template !== undefined && (grounding ? !isGroundingTemplate(s.template) : !isNavigationTemplate(s.template))) {
        issue(["settings", "template"], `${s.template} is a ${grounding ? "navigation" : "grounding"} template; this pool needs one of ${(grounding ? GROUNDING_TEMPLATES : NAVIGATION_TEMPLATES).join(", ")}`);
      } else {
        const { template, convention, target } = resolvedStyle(pool.kind, s);
        const info = TEMPLATES[template];
        if (!info.conventions.includes(convention)) issue(["settings", "convention"], `the ${template} template asks for ${info.conventions.join(" or ")} coordinates`);
        if (grounding && info.targets && !info.targets.includes(target)) issue(["settings", "target"], `the ${template} template asks for a ${info.targets.join(" or ")}`);
        if (!grounding && s.target !== undefined) issue(["settings", "target"], "applies to grounding and mid-training pools only");
      }
    } else {
      if (pool.imageMode !== undefined && pool.imageMode !== "copy") issue(["imageMode"], "evaluation tables carry no images");
      for (const key of ["convention", "target", "template"] as const) if (s[key] !== undefined) issue(["settings", key], "evaluation tables carry no coordinates or prompts");
    }
    if (s.historyThoughts !== undefined && !NAVIGATION_KINDS.includes(pool.kind)) issue(["settings", "historyThoughts"], "applies to navigation and online-RL pools only");
    if (s.dataSource !== undefined && pool.profile !== "verl") issue(["settings", "dataSource"], "applies to verl pools only");
    if (s.runId !== undefined && pool.kind !== "evaluation") issue(["settings", "runId"], "applies to evaluation pools only");
    if (s.swiftObjects && !(pool.profile === "ms-swift" && pool.kind === "grounding")) issue(["settings", "swiftObjects"], "applies to ms-swift grounding pools only");
    // ms-swift normalises objects to [0,1000] or to the resized pixels (--norm_bbox norm1000 | none), never to 0-1.
    else if (s.swiftObjects && KINDS_WITH_IMAGES.includes(pool.kind) && resolvedStyle(pool.kind, s).convention === "norm1") issue(["settings", "swiftObjects"], "needs rel1000 or qwen25-abs coordinates: ms-swift normalises objects to [0,1000] or to the resized image's pixels, never to 0-1");
    if (s.filters) {
      const problem = filterProblem(pool.kind, s.filters);
      if (problem) issue(["settings", "filters", problem.key], problem.message);
    }
  })
  .transform((pool) => ({ ...pool, imageMode: pool.imageMode ?? (KINDS_WITH_IMAGES.includes(pool.kind) ? IMAGE_MODES_BY_PROFILE[pool.profile][0]! : "copy") }));
export type PoolInput = z.output<typeof PoolInputSchema>;

/** A stored pool row's settings, read leniently: an unknown key from an older version is dropped, not fatal. */
export function storedPoolSettings(value: unknown): PoolSettings {
  const raw = (value ?? {}) as Record<string, unknown>;
  const known = Object.fromEntries(Object.entries(raw).filter(([k]) => k in PoolSettingsSchema.shape));
  const parsed = PoolSettingsSchema.safeParse(known);
  return parsed.success ? parsed.data : {};
}
