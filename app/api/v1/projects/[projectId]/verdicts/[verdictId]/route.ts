import { NextResponse } from "next/server";
import { readVerdict, tokenAccess } from "@/lib/api/annotation-api";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";

// GET: the verdict with its revisions, effective value and overrides (reviewer role).
export const GET = apiV1Route<{ projectId: string; verdictId: string }>("reviewer", async ({ access, params }) => {
  const acting = await tokenAccess(db(), access);
  return NextResponse.json(await readVerdict(db(), acting, params.verdictId));
});
