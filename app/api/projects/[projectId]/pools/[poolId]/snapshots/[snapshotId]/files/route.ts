import { db } from "@/lib/db";
import { projectRoute } from "@/lib/http/project-route";
import { snapshotFileResponse } from "@/lib/pools/snapshot-downloads";

// GET ?name=<file>: one file the snapshot's manifest lists, streamed from the pool's target.
export const GET = projectRoute<{ projectId: string; poolId: string; snapshotId: string }>("reviewer", async ({ request, access, params }) => {
  return snapshotFileResponse(db(), access.projectId, params.poolId, params.snapshotId, request.nextUrl.searchParams.get("name"));
});
