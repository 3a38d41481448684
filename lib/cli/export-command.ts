import "server-only";
// `npm run verity -- export --pool <name> --project <slug> [--since last] [--json]`: the same
// export job as the pools screen, run in this process with a progress line on stderr. A full
// export by default; `--since last` exports only what was verified since the pool's last
// snapshot. Prints the snapshot id and where it was written (--json: one JSON object).
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { executeExportJob } from "@/lib/exports/execute-export";
import { startExport } from "@/lib/exports/start-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
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
  const job = await startExport(db, { userId: null, projectId: project.id }, { poolId: pool.id, mode });
  const outcome = await executeExportJob(db, job.id, { store: mediaStore(), targetOf: poolTarget, onProgress: progressLine });
  if (process.stderr.isTTY) process.stderr.write("\n");
  if (!outcome) throw new Error(`a worker took export job ${job.id}; follow it on the pools screen`);
  if (outcome.status === "failed") throw new Error(outcome.error);
  const location = `${outcome.location}/snapshots/${outcome.snapshotId}`;
  console.error(`Exported ${outcome.rows} rows of pool ${pool.name} (${mode}) as snapshot ${outcome.snapshotId}.`);
  if (command.json) console.log(JSON.stringify({ snapshotId: outcome.snapshotId, location, mode, rows: outcome.rows, counts: outcome.counts }));
  else console.log(`snapshot ${outcome.snapshotId}\nlocation ${location}`);
}
