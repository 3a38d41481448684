import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { projectRoute } from "@/lib/http/project-route";
import { snapshotManifest } from "@/lib/pools/snapshot-downloads";

// GET [?download=1]: a complete snapshot's manifest.json, to view or to save.
export const GET = projectRoute<{ projectId: string; poolId: string; snapshotId: string }>("reviewer", async ({ request, access, params }) => {
  const manifest = await snapshotManifest(db(), access.projectId, params.poolId, params.snapshotId);
  const download = request.nextUrl.searchParams.get("download") === "1";
  return new NextResponse(`${JSON.stringify(manifest, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json",
      "X-Content-Type-Options": "nosniff",
      ...(download ? { "Content-Disposition": `attachment; filename="manifest-${manifest.snapshotId}.json"` } : {}),
    },
  });
});
