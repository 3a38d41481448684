// What a snapshot's README and launch commands are written from: the pool, the files written,
// the counts and the manifest's token figures. A file of its own so the README
// (launch-readme.ts) and the commands it quotes (launch-commands.ts) both read it without
// importing each other.
import type { TokenSummary } from "@/lib/exports/build/token-tally";
import type { ChangeCounts } from "@/lib/exports/ledger/snapshot-rows";
import type { DataFile } from "@/lib/exports/profiles/profile-types";
import type { RowStyle } from "@/lib/exports/rows/row-style";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { ImageMode, PoolKind, ProfileId } from "@/lib/pools/pool-definition";

export type ReadmeInput = {
  poolName: string;
  kind: PoolKind;
  profile: ProfileId;
  snapshotId: string;
  localDir: string | null;
  remote: string | null;
  imageMode: ImageMode;
  style: RowStyle | null;
  dataFiles: readonly DataFile[];
  otherFiles: readonly string[];
  hasReward: boolean;
  swiftObjects: boolean;
  counts: Record<string, number>;
  mode: "full" | "incremental";
  baseSnapshotId: string | null;
  changes: ChangeCounts;
  advantage: string | null;
  // The manifest's token figures; null when no row has a screenshot.
  tokens: TokenSummary | null;
};
