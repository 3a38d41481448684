import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { listPoolViews } from "@/lib/pools/pool-overview";

// GET: the project's pools, each with what waits to be exported and its snapshot history.
export const GET = apiV1Route<{ projectId: string }>("reviewer", async ({ access }) => {
  return NextResponse.json({ pools: await listPoolViews(db(), access.projectId) });
});
