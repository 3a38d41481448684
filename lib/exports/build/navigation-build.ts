import "server-only";
// Offline-RL navigation pools: one row per verified step of the pool's verified trajectories
// (lib/exports/rows/navigation-rows.ts), in the profile's layout, then the images.
import { count, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { dataFile } from "@/lib/exports/build/data-file";
import { countPoolTrajectories } from "@/lib/exports/build/pool-counts";
import { poolTrajectoryBatches } from "@/lib/exports/read/verified-trajectories";
import { navigationRows } from "@/lib/exports/rows/navigation-rows";
import type { TrainingRow } from "@/lib/exports/rows/training-row";

async function* navigationPages(ctx: ExportContext): AsyncGenerator<TrainingRow[]> {
  for await (const page of poolTrajectoryBatches(ctx.reader, ctx.projectId, { until: ctx.until, limit: ctx.pageSize, filters: ctx.filters })) {
    const rows = page.flatMap((t) => navigationRows(t, ctx.style, "navigation", (key, n) => count(ctx.tally, key, n)));
    count(ctx.tally, "trajectories", new Set(rows.map((r) => r.itemId)).size);
    yield rows;
    await ctx.onItems(page.length);
  }
}

export const navigationBuilder: ExportBuilder = {
  total: (ctx) => countPoolTrajectories(ctx),
  async *files(ctx) {
    yield dataFile(ctx, "navigation", navigationPages(ctx));
  },
};
