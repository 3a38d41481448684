import { NextResponse } from "next/server";
import { itemAnnotations, saveItemAnnotation, SampleAnnotationBodySchema, tokenAccess } from "@/lib/api/annotation-api";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { withConflictBody } from "@/lib/http/annotation-response";
import { readJsonBody } from "@/lib/http/json-body";

type Params = { projectId: string; sampleId: string };

// GET: the sample's annotations the token may see (annotator: its own; reviewer: all, with the standing).
export const GET = apiV1Route<Params>("annotator", async ({ access, params }) => {
  return NextResponse.json(await itemAnnotations(db(), await tokenAccess(db(), access), "sample", params.sampleId));
});

// POST { status, baseVersion, payload }: saves the token creator's answer; 409 with `current` on a stale baseVersion.
export const POST = apiV1Route<Params>("annotator", async ({ request, access, params }) => {
  const body = await readJsonBody(request, SampleAnnotationBodySchema);
  const acting = await tokenAccess(db(), access);
  return withConflictBody(() => saveItemAnnotation(db(), acting, "sample", params.sampleId, body));
});
