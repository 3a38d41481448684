import { NextResponse } from "next/server";
import { z } from "zod";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { importFromRequestBody } from "@/lib/api/v1-import";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { assertDeclaredSize, declaredLength } from "@/lib/http/request-guards";
import { CONTRACT_CHOICES, parseContractChoice } from "@/lib/imports/contract-choice";
import { ModelNameSchema, OnVerifiedChangeSchema } from "@/lib/imports/import-request";

const Query = z.object({
  format: z.string().regex(/^[a-z0-9-]{1,64}$/).default("verity-jsonl"),
  model: ModelNameSchema.optional(),
  contract: z.enum(CONTRACT_CHOICES).optional(),
  onVerifiedChange: OnVerifiedChangeSchema.optional(),
});

// POST: an NDJSON body (Verity JSONL by default, ?format= for another single-file format,
// ?model= for a results file that names none, ?contract=xywh:0-1000 to read its coordinates
// so, ?onVerifiedChange=keep to keep a verified item's inputs when the source changed them
// instead of reopening it), streamed to disk with a size bound and imported as a job. Answers 202 with the job id.
export const POST = apiV1Route<{ projectId: string }>("admin", async ({ request, access }) => {
  const query = Query.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) throw new AppError("invalid_input", `format must be a format id such as verity-jsonl, model a name, contract one of ${CONTRACT_CHOICES.join(", ")}, onVerifiedChange reopen or keep`);
  assertDeclaredSize(request, env().VERITY_MAX_UPLOAD_MB * 1048576, "the request body");
  if (!request.body) throw new AppError("invalid_input", "the request body is empty");
  const { format, model, contract, onVerifiedChange } = query.data;
  const job = await importFromRequestBody(access.projectId, access.actingUserId, format, request.body, { model, contract: contract ? parseContractChoice(contract)! : undefined, onVerifiedChange, declaredBytes: declaredLength(request) });
  return NextResponse.json({ jobId: job.id, status: `/api/v1/projects/${access.projectId}/jobs/${job.id}` }, { status: 202 });
});
