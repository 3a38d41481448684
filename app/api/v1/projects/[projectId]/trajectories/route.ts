import { NextResponse } from "next/server";
import { TrajectoryPageQuerySchema } from "@/lib/api/v1-schemas";
import { verifiedTrajectoryPage } from "@/lib/api/verified-items";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { parseQuery } from "@/lib/http/query";

// GET ?status=verified&after=&limit=: verified trajectories with their steps and final answers, a keyset page.
export const GET = apiV1Route<{ projectId: string }>("reviewer", async ({ request, access }) => {
  const query = parseQuery(request.nextUrl.searchParams, TrajectoryPageQuerySchema);
  return NextResponse.json(await verifiedTrajectoryPage(db(), access.projectId, query));
});
