import "server-only";
// `npm run verity -- export --pool <name> --project <slug> [--since last] [--json]`: the same
// export job as the pools screen, run in this process with a progress line on stderr. A full
// export by default; `--since last` exports only what was verified since the pool's last
// snapshot. Prints the snapshot id and where it was written (--json: one JSON object).
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { runClaimedExportJob, type ExportOutcome } from "@/lib/exports/execute-export";
import { startExport } from "@/lib/exports/start-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { WORKER_ID } from "@/lib/jobs/jobs";
import { runHeldJob } from "@/lib/jobs/run-held-job";
import { mediaStore } from "@/lib/media/media-store";
import { findPoolByName } from "@/lib/pools/pools";
import { findProjectBySlug } from "@/lib/projects/projects";

type ExportCommand = { pool: string; slug: string; since?: string; json: boolean };

function progressLine(processed: number, total: number) {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const share = total ? Math.min(1, processed / total) : 0;
  process.stderr.write(`\r${"█".repeat(Math.round(share * width)).padEnd(width, "░")} ${processed}/${total} items`);
}

export async function runExportCommand(db: Db, command: ExportCommand): Promise<void> {
  if (command.since !== undefined && command.since !== "last") throw new AppError("invalid_input", "--since takes only `last` (what was verified since the pool's last snapshot)");
  const project = await findProjectBySlug(db, command.slug);
  if (!project) throw new AppError("not_found", `No project ${command.slug}.`);
  const pool = await findPoolByName(db, project.id, command.pool);
  const mode = command.since === "last" ? "incremental" : "full";
  // Held from its creation and while it runs (lock renewed), so a worker leaves it alone.
  const job = await startExport(db, { userId: null, projectId: project.id }, { poolId: pool.id, mode }, { claimedBy: WORKER_ID });
  let outcome: ExportOutcome | null = null;
  await runHeldJob(db, job, WORKER_ID, async () => {
    outcome = await runClaimedExportJob(db, job.id, { store: mediaStore(), targetOf: poolTarget, onProgress: progressLine });
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  const ended = outcome as ExportOutcome | null;
  if (!ended) throw new Error("the export stopped before it finished");
  if (ended.status === "failed") throw new Error(ended.error);
  const location = `${ended.location}/snapshots/${ended.snapshotId}`;
  console.error(`Exported ${ended.rows} rows of pool ${pool.name} (${mode}) as snapshot ${ended.snapshotId}.`);
  if (command.json) console.log(JSON.stringify({ snapshotId: ended.snapshotId, location, mode, rows: ended.rows, counts: ended.counts }));
  else console.log(`snapshot ${ended.snapshotId}\nlocation ${location}`);
}
