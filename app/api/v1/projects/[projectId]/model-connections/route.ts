import { NextResponse } from "next/server";
import { ConnectionBodySchema, connectionJson } from "@/lib/api/v1-model-connection-schemas";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { readJsonBody } from "@/lib/http/json-body";
import { addConnectionAs } from "@/lib/models/connections/audited-connections";
import { listConnections } from "@/lib/models/connections/connections";

// GET: the project's model connections, by name, without their keys (admin role).
export const GET = apiV1Route("admin", async ({ access }) => {
  const connections = await listConnections(db(), access.projectId);
  return NextResponse.json({ connections: connections.map(connectionJson) });
});

// POST a connection (the admin screen's fields): saved as the token's creator, audited.
export const POST = apiV1Route("admin", async ({ request, access }) => {
  const body = await readJsonBody(request, ConnectionBodySchema);
  const connection = await addConnectionAs(db(), { userId: access.actingUserId, projectId: access.projectId }, body);
  return NextResponse.json({ connection: connectionJson(connection) }, { status: 201 });
});
