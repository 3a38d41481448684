import "server-only";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { correctedCsv, correctedJson } from "@/lib/runs/corrected-table";
import { loadRunVerification } from "@/lib/runs/run-verification";
import { isRowId } from "@/lib/ids/row-id-shape";

export async function exportRunTable(access: ProjectAccess, runId: string, format: "csv" | "json") {
  if (!isRowId(runId)) throw saidError("not_found", "checks.noSuchRun");
  const verification = await loadRunVerification(db(), access.projectId, runId);
  if (!verification) throw saidError("not_found", "checks.noSuchRun");
  await recordAudit(db(), { userId: access.user.id, projectId: access.projectId, action: "export.run_table", targetType: "run", targetId: runId, details: { format } });
  const safeName = verification.run.name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
  return {
    // A byte-order mark so that Excel reads the CSV as UTF-8 (Chinese task names); only on
    // this download, for people: the pool's evaluation CSV is read by programs.
    body: format === "csv" ? `\uFEFF${correctedCsv(verification)}` : JSON.stringify(correctedJson(verification), null, 2),
    fileName: `${safeName}-corrected.${format}`,
  };
}
