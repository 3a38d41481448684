import { NextResponse } from "next/server";
import type { ConnectionTestResultSchema } from "@/lib/api/v1-model-connection-schemas";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { isRowId } from "@/lib/ids/row-id-shape";
import { testConnectionAs } from "@/lib/models/connections/audited-connections";
import type { z } from "zod";

// POST: one test request to the connection, as a run would send it (admin role). A server that
// fails answers 200 with ok: false and the kind of failure; the outcome is kept as the
// connection's last test and audited.
export const POST = apiV1Route<{ projectId: string; connectionId: string }>("admin", async ({ access, params }) => {
  if (!isRowId(params.connectionId)) throw new AppError("not_found", "no such model connection in this project");
  const result: z.infer<typeof ConnectionTestResultSchema> = await testConnectionAs(db(), { userId: access.actingUserId, projectId: access.projectId }, params.connectionId);
  return NextResponse.json(result);
});
