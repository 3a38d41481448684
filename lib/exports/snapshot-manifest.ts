// The manifest of a pool snapshot (SPEC §6): what was exported, under which filters, from
// which annotations and overrides, and the sha256 of every data file. It is written LAST, so
// a directory with a manifest is a complete snapshot and its hashes cover every other file.
// Also the path rules shared by the writer and the reader.
import "server-only";
import { z } from "zod";

// One path segment: no separators, no "." / "..", no leading dot (temp dirs start with one).
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export const SnapshotIdSchema = z.string().max(200).regex(SEGMENT, "snapshot id must be one safe path segment");

export const MANIFEST_FILE = "manifest.json";

// "/"-separated relative names of safe segments, so a name can never leave the snapshot.
export const SnapshotFileNameSchema = z
  .string()
  .max(1000)
  .refine((name) => name.split("/").every((segment) => SEGMENT.test(segment)), {
    message: "file name must be /-separated safe segments (no '.', '..', empty or hidden segments)",
  })
  .refine((name) => name !== MANIFEST_FILE, { message: `${MANIFEST_FILE} is written by the snapshot writer` });

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

const ChangeCountsSchema = z.object({ added: z.int().min(0), updated: z.int().min(0), removed: z.int().min(0) });

export const ProvenanceSchema = z
  .object({
    pool: z.object({ name: z.string(), kind: z.string(), profile: z.string(), dataSource: z.string().nullable() }),
    imageMode: z.string().describe("copy | absolute | embed"),
    imagePaths: z.string(),
    imageRoot: z.string().nullable().optional().describe("absolute mode: the directory whose images/ the rows name by absolute path"),
    convention: z
      .object({
        id: z.string(),
        label: z.string(),
        target: z.string().describe("point | box"),
        rounding: z.string(),
        resize: z.object({ factor: z.int(), minPixels: z.int(), maxPixels: z.int(), source: z.string() }).nullable().describe("the smart resize absolute coordinates refer to"),
      })
      .nullable(),
    template: z
      .object({
        id: z.string(),
        label: z.string(),
        source: z.string(),
        text: z.string(),
        answerFormat: z.string().optional().describe("what every row's answer (the SFT target) is, and that the prompt asks for exactly that"),
      })
      .nullable(),
    actionSyntax: z.string().nullable(),
    history: z
      .object({ thoughts: z.string().describe("convert | omit | not_shown"), rule: z.string() })
      .nullable()
      .optional()
      .describe("navigation rows: what the history lines carry besides each earlier action"),
    reward: z.object({ file: z.string(), entryPoints: z.record(z.string(), z.string()) }).nullable(),
    filters: z.record(z.string(), z.unknown()).describe("which verified items the pool selects"),
    advantage: z
      .object({ policy: z.string(), std: z.string(), epsilon: z.number(), groupOfOne: z.string() })
      .nullable()
      .describe("how the rewards and GRPO advantages in the rows were computed"),
  })
  .describe("what the rows were made under, to reproduce or audit them");
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const SnapshotManifestSchema = z
  .object({
    snapshotId: SnapshotIdSchema,
    createdAt: z.iso.datetime(),
    verityVersion: z.string(),
    // SPEC §6: exports never include unverified data unless asked, and then say so here.
    unverifiedIncluded: z.boolean(),
    // Absent in manifests written before every snapshot was a complete pool.
    mode: z.enum(["full", "incremental"]).optional().describe("incremental: unchanged files were carried over from the base; both are the whole pool"),
    baseSnapshotId: SnapshotIdSchema.nullable().optional().describe("the snapshot changes.jsonl is against; null for the pool's first"),
    changes: ChangeCountsSchema.optional().describe("rows added, updated and removed against the base (changes.jsonl lists them)"),
    provenance: ProvenanceSchema.optional(),
    filters: z.record(z.string(), z.unknown()).describe("the export's filters, as the caller gave them"),
    counts: z.record(z.string(), z.int().min(0)).describe("row counts per file, tier, source, app and model, and what was left out under skipped:* / excluded:*"),
    revisionIds: z.array(z.string()).describe("the final-answer revisions the exported rows are (pinned, immutable answers)"),
    derivedWith: z
      .object({
        derivationCode: z.int().describe("the version of the code that derived scores, tiers, rewards and advantages"),
        settings: z.record(z.string(), z.unknown()).describe("the project settings they were derived under: rewards (eta, penalty, advantagePolicy) and tier thresholds"),
      })
      .describe("how the derived values in the rows were computed"),
    overrideIds: z.array(z.string()).describe("the verdict overrides that decided effective values"),
    // Absent in manifests written before it, and for snapshots without screenshots.
    tokens: z
      .object({
        largestImage: z.object({ width: z.int(), height: z.int() }).describe("the largest screenshot of the rows, in pixels"),
        imageTokens: z.record(z.string(), z.object({ tokens: z.int(), width: z.int(), height: z.int() }).nullable()).describe("per model: the most tokens one screenshot costs, and that screenshot's size"),
        promptTokenBound: z.int().describe("an upper bound of the longest prompt (RL trainers' prompt length)"),
        rowTokenBound: z.int().describe("an upper bound of the longest row with its answer (SFT trainers' length)"),
        source: z.string(),
        bound: z.string(),
      })
      .nullable()
      .optional()
      .describe("what the screenshots cost in tokens; the launch README sizes its prompt lengths from it"),
    files: z.array(z.object({ name: SnapshotFileNameSchema, sha256: Sha256Schema, bytes: z.int().min(0) })),
  })
  .describe("manifest.json of a pool snapshot");
export type SnapshotManifest = z.infer<typeof SnapshotManifestSchema>;

export type ManifestInput = Omit<SnapshotManifest, "snapshotId" | "createdAt" | "files">;

// The manifest every target commits last. Parsed, not just typed: a manifest the reader would
// reject must never be committed.
export function buildManifest(snapshotId: string, input: ManifestInput, files: SnapshotManifest["files"]): SnapshotManifest {
  return SnapshotManifestSchema.parse({ snapshotId, createdAt: new Date().toISOString(), ...input, files });
}
