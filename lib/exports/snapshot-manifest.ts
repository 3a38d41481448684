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

export const SnapshotManifestSchema = z
  .object({
    snapshotId: SnapshotIdSchema,
    createdAt: z.iso.datetime(),
    verityVersion: z.string(),
    // SPEC §6: exports never include unverified data unless asked, and then say so here.
    unverifiedIncluded: z.boolean(),
    filters: z.record(z.string(), z.unknown()).describe("the export's filters, as the caller gave them"),
    counts: z.record(z.string(), z.int().min(0)).describe("row counts per file or tier, as the caller gave them"),
    revisionIds: z.array(z.string()).describe("the final-answer revisions the exported rows are (pinned, immutable answers)"),
    derivedWith: z
      .object({
        derivationCode: z.int().describe("the version of the code that derived scores, tiers, rewards and advantages"),
        settings: z.record(z.string(), z.unknown()).describe("the project settings they were derived under: rewards (eta, penalty, advantagePolicy) and tier thresholds"),
      })
      .describe("how the derived values in the rows were computed"),
    overrideIds: z.array(z.string()).describe("the verdict overrides that decided effective values"),
    files: z.array(z.object({ name: SnapshotFileNameSchema, sha256: Sha256Schema, bytes: z.int().min(0) })),
  })
  .describe("manifest.json of a pool snapshot");
export type SnapshotManifest = z.infer<typeof SnapshotManifestSchema>;

export type ManifestInput = Pick<SnapshotManifest, "verityVersion" | "unverifiedIncluded" | "filters" | "counts" | "revisionIds" | "overrideIds" | "derivedWith">;

// The manifest every target commits last. Parsed, not just typed: a manifest the reader would
// reject must never be committed.
export function buildManifest(snapshotId: string, input: ManifestInput, files: SnapshotManifest["files"]): SnapshotManifest {
  return SnapshotManifestSchema.parse({
    snapshotId,
    createdAt: new Date().toISOString(),
    verityVersion: input.verityVersion,
    unverifiedIncluded: input.unverifiedIncluded,
    filters: input.filters,
    counts: input.counts,
    revisionIds: input.revisionIds,
    overrideIds: input.overrideIds,
    derivedWith: input.derivedWith,
    files,
  });
}
