import { createOverride, OverrideBodySchema, tokenAccess } from "@/lib/api/annotation-api";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { withConflictBody } from "@/lib/http/annotation-response";
import { readJsonBody } from "@/lib/http/json-body";

// POST { value, reason }: overrides a judge verdict as the token's creator (reviewer role).
export const POST = apiV1Route<{ projectId: string; verdictId: string }>("reviewer", async ({ request, access, params }) => {
  const body = await readJsonBody(request, OverrideBodySchema);
  const acting = await tokenAccess(db(), access);
  return withConflictBody(() => createOverride(db(), acting, params.verdictId, body), 201);
});
