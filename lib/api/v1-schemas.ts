// What the v1 API reads and answers, as zod schemas: the route handlers parse their input
// with them and build their output to their types, and the OpenAPI document
// (lib/api/openapi.ts) is generated from the very same schemas.
import { z } from "zod";
import { ActionSchema } from "@/lib/domain/actions";
import { QualityTierSchema } from "@/lib/domain/tiers";
import { REVISION_SOURCES } from "@/lib/domain/item-lifecycle";
import { MISMATCH_FLAGS } from "@/lib/domain/mismatch-flags";
import { POOL_KINDS, PROFILES } from "@/lib/pools/pool-definition";
import { GroundingPayloadSchema } from "@/lib/annotations/grounding-payload";
import { TrajectoryPayloadSchema } from "@/lib/domain/trajectory-payload";
import { OverrideInputSchema } from "@/lib/verdicts/override-verdict";
import { OverrideReviewSchema } from "@/lib/verdicts/override-review";

// ---------------------------------------------------------------- input

export const CursorParamSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe("nextCursor of the previous page; omit for the first page");

const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback).describe(`items per page (1-${max})`);

export const SamplePageQuerySchema = z
  .object({
    status: z.literal("verified").default("verified").describe("only verified items are served"),
    after: CursorParamSchema.optional(),
    limit: limit(1000, 100),
  })
  .strict();

export const TrajectoryPageQuerySchema = SamplePageQuerySchema.extend({ limit: limit(200, 50) }).strict();

export const StartExportBodySchema = z
  .object({ mode: z.enum(["full", "incremental"]).default("incremental").describe("both write the whole pool with changes.jsonl against the latest snapshot; incremental carries its unchanged images over, full copies every file afresh") })
  .strict();

const saveBody = <P extends z.ZodType>(payload: P) =>
  z
    .object({
      status: z.enum(["draft", "submitted"]).describe("a draft is your working copy; a submit applies the review rules (a reviewer's pins the final answer)"),
      baseVersion: z.int().min(1).nullable().describe("the version of your answer you edited; null for your first save"),
      baseFinalAnswerId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).nullable().optional().describe("(reviewers) the final answer revision your answer replaces, null for none; a submit over a newer one is refused with 409 and that answer"),
      payload,
    })
    .strict();

export const SampleAnnotationBodySchema = saveBody(GroundingPayloadSchema).describe("a grounding answer to save");
export const TrajectoryAnnotationBodySchema = saveBody(TrajectoryPayloadSchema).describe("a trajectory answer to save");
export const OverrideBodySchema = OverrideInputSchema.omit({ verdictId: true }).strict().describe("a judge override: the new value and why, and the verdict revision it was made on");
export const OverrideReviewBodySchema = OverrideReviewSchema.omit({ overrideId: true }).strict().describe("confirm the override on the verdict's current revision, or withdraw it");

// ---------------------------------------------------------------- output

const SavedAnnotationSchema = z.object({ id: z.string(), version: z.int(), status: z.enum(["draft", "submitted"]), updatedAt: z.iso.datetime() });

export const AnnotationSavedSchema = z
  .object({
    annotation: SavedAnnotationSchema,
    outcome: z.string().optional().describe("reviewer tokens only: pin, unchanged, in_review, queue_answer, graded, kept, proposal or draft"),
  })
  .describe("the saved answer and its new version");

export const AnnotationConflictSchema = z
  .object({
    error: z.object({ code: z.literal("conflict"), message: z.string() }),
    current: z.object({ version: z.int(), status: z.string(), updatedAt: z.iso.datetime(), payload: z.unknown() }).nullable().describe("save again with baseVersion = current.version to keep yours"),
  })
  .describe("the answer moved on since baseVersion");

export const ItemAnnotationsSchema = z
  .object({
    annotations: z.array(
      z.object({
        id: z.string(),
        annotator: z.object({ email: z.string(), name: z.string() }),
        status: z.enum(["draft", "submitted"]),
        version: z.int(),
        updatedAt: z.iso.datetime(),
        submittedAt: z.iso.datetime().nullable(),
        proposal: z.string().nullable().optional().describe("reviewer tokens: open, accepted or dismissed for a submit to a settled item"),
        payload: z.unknown(),
      }),
    ),
    status: z.string().nullable().optional().describe("reviewer tokens: the item's lifecycle state"),
    finalAnswer: z.unknown().optional().describe("reviewer tokens: the pinned final answer, with its revision and source"),
  })
  .describe("an item's annotations (annotator tokens: only their own)");

export const OverrideCreatedSchema = z
  .object({ override: z.object({ id: z.string(), verdictId: z.string(), value: z.union([z.number(), z.boolean()]).nullable(), reason: z.string(), createdAt: z.iso.datetime() }) })
  .describe("the override, now the verdict's effective value");

const VerdictValueSchema = z.union([z.number(), z.boolean()]).nullable();
export const VerdictReadSchema = z
  .object({
    verdict: z.object({
      id: z.string(),
      kind: z.string(),
      judgeName: z.string(),
      promptVersion: z.string().nullable(),
      metric: z.string(),
      value: VerdictValueSchema.describe("the current revision's value"),
      effective: VerdictValueSchema.describe("after the override in force, as every screen and export reads it"),
      effectiveOverrideId: z.string().nullable(),
      overrideOutdated: z.boolean().describe("the verdict's value changed under the override in force: a reviewer should confirm or withdraw it"),
      rationale: z.string().nullable(),
      rawOutput: z.string().nullable(),
      createdAt: z.iso.datetime(),
      revision: z.int(),
      revisedAt: z.iso.datetime().nullable(),
      revisions: z.array(z.object({ revision: z.int(), value: VerdictValueSchema, rationale: z.string().nullable(), createdAt: z.iso.datetime() })),
      overrides: z.array(z.object({
        id: z.string(),
        value: VerdictValueSchema,
        reason: z.string(),
        status: z.string().describe("accepted | rejected | withdrawn"),
        createdAt: z.iso.datetime(),
        by: z.string(),
        verdictRevision: z.int(),
        baseValue: VerdictValueSchema.describe("the verdict's value on the revision the override was made on"),
        withdrawn: z.object({ by: z.string(), at: z.iso.datetime(), reason: z.string().nullable() }).nullable(),
      })),
    }),
  })
  .describe("a machine verdict with its revisions and overrides");

export const JudgeAgreementQuerySchema = z
  .object({
    runId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).optional().describe("only the trajectories of this evaluation run"),
    split: z.enum(["judge", "benchmark", "app"]).default("judge").describe("one row per judge and prompt version, or also per benchmark or app"),
  })
  .strict();

const Rate = z.object({ value: z.number(), low: z.number(), high: z.number() }).nullable();
export const JudgeAgreementSchema = z
  .object({
    judges: z.array(z.object({
      level: z.enum(["trajectory", "step"]).describe("trajectory: trace_success verdicts against verified outcomes; step: yes/no step_score verdicts against the verified step labels (correct yes; incorrect no, redundant and no-effect steps included; an environment issue or unsure: no pair)"),
      judgeName: z.string(),
      promptVersion: z.string().nullable(),
      split: z.string().nullable(),
      judged: z.int().describe("trajectories (steps) the judge gave a yes/no verdict on"),
      judgeRate: z.number().describe("share of those it called a success (a correct step)"),
      pairs: z.int().describe("of those, verified with a human outcome (a decided step label)"),
      confusion: z.object({ truePositive: z.int(), falsePositive: z.int(), falseNegative: z.int(), trueNegative: z.int() }),
      precision: Rate,
      recall: Rate,
      accuracy: Rate,
      kappa: z.object({ kappa: z.number(), standardError: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() }).nullable(),
      tpr: Rate.describe("true-positive rate: of the settled successes, the share it called a success, with its 95% Wilson interval"),
      tnr: Rate.describe("true-negative rate: of the settled failures, the share it called a failure"),
      certified: z.boolean().describe("both lower bounds reach the project's bar over at least its minimum of pairs"),
      labelsNeeded: z.int().nullable().describe("more labels certification needs at the observed rates; 0 when certified; null when those rates never reach the bar"),
      bar: z.object({ minLowerBound: z.number(), minPairs: z.int() }),
    })),
  })
  .describe("each MLLM judge's own trace verdicts (current revision, never an override) against verified human outcomes, and each step-level judge's against the verified step labels: the numbers the calibration pages show");

const BoxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

// Which pinned revision of the item's final answer this is, and where it came from.
const RevisionFields = {
  revisionId: z.string().describe("the AnswerRevision: an immutable copy of the final answer"),
  revision: z.int().min(1).describe("1 for the item's first final answer, then 2, 3... as reviewers revise it"),
  source: z.enum(REVISION_SOURCES).describe("review, adjudication, consensus (of the queue's annotators), bulk pass, accepted proposal, import"),
  pinnedAt: z.iso.datetime(),
  fromAnnotationId: z.string().nullable().describe("the annotation it was copied from, if one"),
};

const ImageSchema = z.object({
  mediaId: z.string(),
  sha256: z.string(),
  mime: z.string(),
  width: z.int(),
  height: z.int(),
});

export const ApiSampleSchema = z
  .object({
    id: z.string(),
    sourceDataset: z.string(),
    sourceId: z.string(),
    instruction: z.string(),
    platform: z.string().nullable(),
    app: z.string().nullable(),
    language: z.string().nullable(),
    verifiedAt: z.iso.datetime(),
    qualityScore: z.number().nullable().describe("the effective 0-10 score (the latest judge verdict after overrides, else the final answer's own)"),
    tier: QualityTierSchema.nullable().describe("by the project's thresholds; null when unscored"),
    image: ImageSchema.nullable().describe("null when the screenshot is missing"),
    answer: z
      .object({
        ...RevisionFields,
        targetAbsent: z.boolean(),
        box: BoxSchema.nullable().describe("[x1,y1,x2,y2] in the screenshot's pixels"),
        grid: z.array(z.int()).nullable().describe("the answer as exports write it: [x1,y1,x2,y2] on the [0,1000] grid, [-1,-1] for a refusal; null without an image size"),
        instructionRewrite: z.string().nullable(),
      })
      .nullable()
      .describe("the final answer: the revision the sample is pinned to"),
    overrideIds: z.array(z.string()).describe("the judge override that decided the quality score, if any"),
  })
  .describe("a verified grounding sample");
export type ApiSample = z.infer<typeof ApiSampleSchema>;

export const ApiTrajectorySchema = z
  .object({
    id: z.string(),
    goal: z.string(),
    groupKey: z.string().nullable(),
    runId: z.string().nullable(),
    benchmark: z.string().nullable(),
    app: z.string().nullable(),
    model: z.string().nullable(),
    sourceDataset: z.string(),
    sourceId: z.string(),
    invalidActionCount: z.int(),
    verifiedAt: z.iso.datetime(),
    derived: z
      .object({
        autoOutcome: z.boolean().nullable().describe("rule verifier, else MLLM judge, else the source's, as reported (before overrides)"),
        autoOutcomeAfterOverrides: z.boolean().nullable().describe("the same after a reviewer's override of the verdict it came from"),
        flags: z.array(z.enum(MISMATCH_FLAGS)),
        stepsCorrect: z.int(),
        stepsIncorrect: z.int(),
        reward: z.number().nullable().describe("eta^(T-1) * R_comp + penalty * invalid actions, under the project's advantage policy"),
        advantage: z.number().nullable().describe("GRPO advantage within the group, under the project's advantage policy"),
        groupSize: z.int().nullable(),
      })
      .describe("stored derived values, as every screen and export shows them"),
    answer: z
      .object({
        ...RevisionFields,
        traceVerdict: z.enum(["success", "failure", "unsure"]).nullable(),
        firstWrongStep: z.int().nullable(),
        stepLabels: z.array(z.unknown()).describe("per step: stepIndex, label, errorKind?, correctedAction?"),
      })
      .nullable(),
    steps: z.array(
      z.object({
        index: z.int(),
        action: ActionSchema.nullable().describe("canonical action in the screenshot's pixels; null when unparseable"),
        image: ImageSchema.nullable(),
      }),
    ),
  })
  .describe("a verified trajectory");
export type ApiTrajectory = z.infer<typeof ApiTrajectorySchema>;

const page = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable().describe("pass as ?after= for the next page; null on the last page") }).describe(name);

export const SamplePageSchema = page(ApiSampleSchema, "a page of verified samples, oldest verification first");
export const TrajectoryPageSchema = page(ApiTrajectorySchema, "a page of verified trajectories, oldest verification first");

const SnapshotSchema = z.object({
  id: z.string().describe("the snapshot's directory under snapshots/ (time-sortable)"),
  status: z.enum(["writing", "complete", "failed"]),
  mode: z.enum(["full", "incremental"]).nullable().describe("null: written before every snapshot was a complete pool"),
  baseSnapshotId: z.string().nullable().describe("the snapshot its changes.jsonl is against"),
  changes: z.object({ added: z.int(), updated: z.int(), removed: z.int() }).nullable(),
  rowCount: z.int(),
  counts: z.record(z.string(), z.number()),
  untilAt: z.iso.datetime().nullable().describe("the moment the snapshot was taken: items verified up to it"),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  manifestSha: z.string().nullable(),
});

export const PoolListSchema = z
  .object({
    pools: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(POOL_KINDS),
        profile: z.enum(PROFILES).describe("the framework whose loader reads the snapshots"),
        targetType: z.string(),
        targetUri: z.string(),
        imageMode: z.enum(["copy", "absolute", "embed"]),
        settings: z.record(z.string(), z.unknown()).describe("convention, target, template, filters, data_source, run"),
        style: z.object({ convention: z.string(), target: z.string(), template: z.string() }).nullable().describe("the coordinate convention, target and prompt template the rows use"),
        verifiedSinceLast: z.int().describe("items verified after the last complete snapshot (overrides, reopenings and settings changes also change rows: the next snapshot's changes.jsonl lists every change)"),
        latestSnapshotId: z.string().nullable(),
        exportedUntil: z.iso.datetime().nullable(),
        activeJob: z.object({ id: z.string(), status: z.string() }).nullable(),
        snapshots: z.array(SnapshotSchema).describe("the latest 20, newest first"),
      }),
    ),
  })
  .describe("the project's pools");

export const JobStartedSchema = z.object({ jobId: z.string(), status: z.string().describe("the URL to poll") }).describe("a job was queued");

export const JobStatusSchema = z
  .object({
    job: z.object({
      id: z.string(),
      kind: z.enum(["import", "export", "rederive", "model_run"]),
      status: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
      processed: z.int(),
      total: z.int().nullable(),
      startedAt: z.iso.datetime().nullable(),
      finishedAt: z.iso.datetime().nullable(),
      report: z.unknown().describe("import: the import report; export: snapshotId, location, rows, counts"),
      error: z.string().nullable(),
    }),
  })
  .describe("a job's status");

export const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).describe("an error");
