import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { projectRoute } from "@/lib/http/project-route";
import { TASK_MATCHES, type TaskMatch } from "@/lib/domain/estimates/task-key";
import { exportComparison } from "@/lib/runs/comparison/comparison-export";
import { isRowId } from "@/lib/ids/row-id-shape";

// GET ?format=csv|json&match=id|goal: the paired comparison of two runs, task by task.
// Reviewers: it holds verified outcomes, which would give honeypots away.
export const GET = projectRoute<{ projectId: string; runId: string; otherRunId: string }>("reviewer", async ({ request, access, params }) => {
  const query = request.nextUrl.searchParams;
  const format = query.get("format") ?? "csv";
  const match = query.get("match") ?? "id";
  if (format !== "csv" && format !== "json") throw new AppError("invalid_input", "format must be csv or json");
  if (!(TASK_MATCHES as readonly string[]).includes(match)) throw new AppError("invalid_input", "match must be id or goal");
  if (!isRowId(params.runId) || !isRowId(params.otherRunId)) throw new AppError("not_found", "No such run.");
  const { body, fileName } = await exportComparison(access, params.runId, params.otherRunId, match as TaskMatch, format);
  return new NextResponse(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
