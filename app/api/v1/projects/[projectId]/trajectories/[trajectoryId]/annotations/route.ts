import { NextResponse } from "next/server";
import { itemAnnotations, saveItemAnnotation, TrajectoryAnnotationBodySchema, tokenAccess } from "@/lib/api/annotation-api";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { withConflictBody } from "@/lib/http/annotation-response";
import { readJsonBody } from "@/lib/http/json-body";

type Params = { projectId: string; trajectoryId: string };

// GET: the trajectory's annotations the token may see (annotator: its own; reviewer: all, with the standing).
export const GET = apiV1Route<Params>("annotator", async ({ access, params }) => {
  return NextResponse.json(await itemAnnotations(db(), await tokenAccess(db(), access), "trajectory", params.trajectoryId));
});

// POST { status, baseVersion, payload }: saves the token creator's answer; 409 with `current` on a stale baseVersion.
export const POST = apiV1Route<Params>("annotator", async ({ request, access, params }) => {
  const body = await readJsonBody(request, TrajectoryAnnotationBodySchema);
  const acting = await tokenAccess(db(), access);
  return withConflictBody(() => saveItemAnnotation(db(), acting, "trajectory", params.trajectoryId, body));
});
