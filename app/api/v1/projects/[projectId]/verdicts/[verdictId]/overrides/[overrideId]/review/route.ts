import { NextResponse } from "next/server";
import { OverrideReviewBodySchema, reviewOverrideOf, tokenAccess } from "@/lib/api/annotation-api";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { readJsonBody } from "@/lib/http/json-body";

// POST { decision: "confirm" | "withdraw", reason? }: a reviewer's decision on an override whose
// verdict changed under it, as the token's creator. Answers the verdict after the decision.
export const POST = apiV1Route<{ projectId: string; verdictId: string; overrideId: string }>("reviewer", async ({ request, access, params }) => {
  const body = await readJsonBody(request, OverrideReviewBodySchema);
  const acting = await tokenAccess(db(), access);
  return NextResponse.json(await reviewOverrideOf(db(), acting, params.verdictId, params.overrideId, body));
});
