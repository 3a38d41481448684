import "server-only";
// One snapshot of a pool, planned: the context its builder works in and the files it is made
// of, in the order a target writes them:
//   1. the kind's data files in the profile's layout (rows recorded in the ledger as they go);
//   2. the profile's own files (LLaMA-Factory's dataset_info.json);
//   3. the images (copy / absolute modes; an image the base holds is carried over);
//   4. reward/verity_reward.py, for rows that have a ground truth;
//   5. changes.jsonl against the base, from the ledger;
//   6. README.md with the launch command;
// and the manifest's content, asked for once the last file is written. The export job writes
// it to the pool's target; the pools screen's diff runs steps 1-2 dry and compares.
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { saidError } from "@/lib/errors/said-error";
import { BUILDERS } from "@/lib/exports/build/builders";
import { newTally, type ExportContext } from "@/lib/exports/build/export-context";
import { tokenSummary } from "@/lib/exports/build/token-tally";
import { changesJsonl, countChanges, openLedger, type ChangeCounts } from "@/lib/exports/ledger/snapshot-rows";
import { CHANGES_FILE, README_FILE, REWARD_FILE, snapshotReadme } from "@/lib/exports/profiles/launch-readme";
import { PROFILE_WRITERS } from "@/lib/exports/profiles/profiles";
import { advantageNote, provenanceOf } from "@/lib/exports/provenance";
import { rewardSource } from "@/lib/exports/reward/reward-source";
import { shapeContextOf } from "@/lib/exports/profiles/profile-types";
import type { RowStyle } from "@/lib/exports/rows/row-style";
import type { ManifestInput } from "@/lib/exports/snapshot-manifest";
import { snapshotImages, type ImageBase } from "@/lib/exports/snapshot-images";
import type { StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import type { MediaStore } from "@/lib/media/store";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import { KINDS_WITH_IMAGES, resolvedStyle, storedPoolSettings, type ImageMode, type PoolKind, type ProfileId } from "@/lib/pools/pool-definition";
import type { SqlReader } from "@/lib/db/sql-reader";
import { VERITY_VERSION } from "@/lib/version";

export type PoolRow = { id: string; projectId: string; name: string; kind: string; profile: string; imageMode: string; settings: unknown; targetType: string; targetUri: string };

export type PlanOptions = {
  db: Db;
  reader: SqlReader;
  pool: PoolRow;
  snapshotId: string;
  until: Date;
  mode: "full" | "incremental";
  // The snapshot changes are counted against; `imageFiles` are what an incremental export reuses.
  base: { snapshotId: string; imageFiles: ImageBase["files"] | null } | null;
  store: MediaStore;
  // Where the committed snapshot will be on this machine (local targets): absolute image paths.
  localDir: string | null;
  remote: string | null;
  dryRun: boolean;
  pageSize: number;
  onItems(n: number): Promise<void>;
};

// Kinds whose rows carry a ground truth the shipped reward scores.
const REWARDED_KINDS: readonly PoolKind[] = ["grounding", "navigation", "mid_training"];

export async function planSnapshot(options: PlanOptions) {
  const { db, pool } = options;
  const project = await db.project.findUniqueOrThrow({ where: { id: pool.projectId }, select: { settings: true, derivationCode: true } });
  const projectSettings = ProjectSettingsSchema.parse(project.settings ?? {});
  const kind = pool.kind as PoolKind;
  const profileId = pool.profile as ProfileId;
  const builder = BUILDERS[kind];
  if (!builder) throw saidError("invalid_input", "checks.poolUnknownKind", { pool: pool.name, kind: pool.kind });
  const settings = storedPoolSettings(pool.settings);
  const hasImages = KINDS_WITH_IMAGES.includes(kind);
  const style: RowStyle | null = hasImages ? resolvedStyle(kind, settings) : null;
  const imageMode = pool.imageMode as ImageMode;
  const profile = profileId === "table" ? null : (PROFILE_WRITERS[profileId] ?? null);
  if (hasImages && !profile) throw saidError("invalid_input", "checks.poolNoProfile", { pool: pool.name, kind: pool.kind });
  const images = snapshotImages({
    mode: imageMode,
    store: options.store,
    absoluteDir: imageMode === "absolute" ? options.localDir : null,
    base: options.mode === "incremental" && options.base?.imageFiles ? { snapshotId: options.base.snapshotId, files: options.base.imageFiles } : null,
  });
  const ledger = openLedger(db, options.snapshotId);
  const ctx: ExportContext = {
    db,
    reader: options.reader,
    projectId: pool.projectId,
    until: options.until,
    kind,
    profileId,
    profile,
    style: style ?? { convention: "rel1000", target: "point", template: "verity-grounding", rounding: "half-up", historyThoughts: "convert" },
    settings,
    filters: settings.filters,
    projectSettings,
    images,
    shape: shapeContextOf(kind, images, settings, style),
    tally: newTally(),
    ledger,
    dataFiles: [],
    dryRun: options.dryRun,
    pageSize: imageMode === "embed" ? Math.min(options.pageSize, 64) : options.pageSize,
    onItems: options.onItems,
  };
  // LLaMA-Factory trains SFT and DPO here, which no reward enters.
  const hasReward = REWARDED_KINDS.includes(kind) && hasImages && profileId !== "llama-factory";
  const baseId = options.base?.snapshotId ?? null;
  let changes: ChangeCounts = { added: 0, updated: 0, removed: 0 };
  const otherFiles: string[] = [];

  async function* files(): AsyncGenerator<StreamedSnapshotFile> {
    try {
      yield* plannedFiles();
    } finally {
      // A snapshot that fails is dropped with its rows: no ledger write may land after that.
      await ledger.settle();
    }
  }

  async function* plannedFiles(): AsyncGenerator<StreamedSnapshotFile> {
    for await (const file of builder!.files(ctx)) {
      if (!ctx.dataFiles.some((f) => f.name === file.name)) otherFiles.push(file.name);
      yield file;
    }
    for (const extra of profile?.extraFiles?.(ctx.dataFiles, ctx.shape) ?? []) yield extra;
    await ledger.flush();
    if (options.dryRun) return;
    yield* images.files();
    ctx.tally.counts.rows = ctx.tally.rows;
    ctx.tally.counts.images = images.count();
    if (hasReward) yield { name: REWARD_FILE, content: await rewardSource() };
    changes = await countChanges(db, options.snapshotId, baseId);
    yield { name: CHANGES_FILE, content: changesJsonl(db, options.snapshotId, baseId) };
    yield {
      name: README_FILE,
      content: snapshotReadme({
        poolName: pool.name,
        kind,
        profile: profileId,
        snapshotId: options.snapshotId,
        localDir: options.localDir,
        remote: options.remote,
        imageMode,
        style,
        dataFiles: ctx.dataFiles,
        otherFiles,
        hasReward,
        swiftObjects: settings.swiftObjects === true,
        counts: ctx.tally.counts,
        mode: options.mode,
        baseSnapshotId: baseId,
        changes,
        advantage: kind === "online_rl" ? advantageNote(projectSettings) : null,
        tokens: tokenSummary(ctx.tally.tokens),
      }),
    };
  }

  const filters = {
    pool: pool.name,
    kind,
    profile: profileId,
    mode: options.mode,
    status: "verified",
    verifiedUntil: options.until.toISOString(),
    imageMode,
    ...(settings.filters ? { select: settings.filters } : {}),
  };

  const manifest = (): ManifestInput => ({
    verityVersion: VERITY_VERSION,
    unverifiedIncluded: false,
    mode: options.mode,
    baseSnapshotId: baseId,
    changes,
    provenance: provenanceOf({ pool: { name: pool.name, kind, profile: profileId, settings }, dataSource: profileId === "verl" ? ctx.shape.dataSource : null, imageMode, imageRoot: options.localDir, style, hasReward, projectSettings }),
    filters,
    counts: ctx.tally.counts,
    revisionIds: [...new Set(ctx.tally.revisionIds)],
    overrideIds: [...new Set(ctx.tally.overrideIds)],
    tokens: tokenSummary(ctx.tally.tokens),
    derivedWith: { derivationCode: project.derivationCode, settings: projectSettings },
  });

  return { ctx, builder, files, manifest, filters, changes: () => changes };
}
