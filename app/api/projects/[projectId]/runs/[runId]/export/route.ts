import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { projectRoute } from "@/lib/http/project-route";
import { exportRunTable } from "@/lib/runs/export-run";

// GET ?format=csv|json: the corrected results table of an evaluation run. Reviewers: it holds
// verified outcomes, which would give honeypots away.
export const GET = projectRoute<{ projectId: string; runId: string }>("reviewer", async ({ request, access, params }) => {
  const format = request.nextUrl.searchParams.get("format") ?? "csv";
  if (format !== "csv" && format !== "json") throw new AppError("invalid_input", "format must be csv or json");
  const { body, fileName } = await exportRunTable(access, params.runId, format);
  return new NextResponse(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
