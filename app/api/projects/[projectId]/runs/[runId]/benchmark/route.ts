import { NextResponse } from "next/server";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { benchmarkFile } from "@/lib/benchmarks/benchmark-files";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { projectRoute } from "@/lib/http/project-route";
import { isRowId } from "@/lib/ids/row-id-shape";

// GET ?file=<name>&version=corrected|reproduced: one of the run's files in its benchmark's own
// shape (AndroidLab's total.jsonl, output.xlsx, ...; lib/benchmarks/benchmark-files.ts).
// Reviewers: the corrected files rest on verified answers, which would give honeypots away.
const QuerySchema = z.object({
  file: z.string().regex(/^[a-z_]+\.(jsonl|xlsx|txt|zip|json)$/, "file must be one of the run's benchmark files"),
  version: z.enum(["corrected", "reproduced"]).default("corrected"),
});

export const GET = projectRoute<{ projectId: string; runId: string }>("reviewer", async ({ request, access, params }) => {
  if (!isRowId(params.runId)) throw new AppError("not_found", "No such run.");
  const parsed = QuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) throw new AppError("invalid_input", parsed.error.issues[0]!.message);
  const { file, version } = parsed.data;
  const out = await benchmarkFile(db(), access.projectId, params.runId, file, version);
  await recordAudit(db(), { userId: access.user.id, projectId: access.projectId, action: "export.benchmark_file", targetType: "run", targetId: params.runId, details: { file, version } });
  const [stem, ext] = [file.slice(0, file.lastIndexOf(".")), file.slice(file.lastIndexOf("."))];
  return new NextResponse(new Uint8Array(out.body), {
    headers: {
      "Content-Type": out.contentType,
      "Content-Disposition": `attachment; filename="${version === "corrected" ? `${stem}${ext}` : `${stem}.reproduced${ext}`}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
