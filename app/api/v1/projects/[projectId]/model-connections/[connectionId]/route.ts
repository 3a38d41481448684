import { NextResponse } from "next/server";
import { ConnectionBodySchema, connectionJson } from "@/lib/api/v1-model-connection-schemas";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { readJsonBody } from "@/lib/http/json-body";
import { isRowId } from "@/lib/ids/row-id-shape";
import { changeConnectionAs, removeConnectionAs } from "@/lib/models/connections/audited-connections";
import { getConnection } from "@/lib/models/connections/connections";

type Params = { projectId: string; connectionId: string };

function connectionIdOf(params: Params): string {
  if (!isRowId(params.connectionId)) throw new AppError("not_found", "no such model connection in this project");
  return params.connectionId;
}

// GET: one connection, without its key (admin role).
export const GET = apiV1Route<Params>("admin", async ({ access, params }) => {
  return NextResponse.json({ connection: connectionJson(await getConnection(db(), access.projectId, connectionIdOf(params))) });
});

// PATCH the whole connection (as POST); an absent or blank apiKey keeps the stored key. Audited.
export const PATCH = apiV1Route<Params>("admin", async ({ request, access, params }) => {
  const id = connectionIdOf(params);
  const body = await readJsonBody(request, ConnectionBodySchema);
  const connection = await changeConnectionAs(db(), { userId: access.actingUserId, projectId: access.projectId }, id, body);
  return NextResponse.json({ connection: connectionJson(connection) });
});

// DELETE: removes the connection; answers the connection as it was. Audited.
export const DELETE = apiV1Route<Params>("admin", async ({ access, params }) => {
  const connection = await removeConnectionAs(db(), { userId: access.actingUserId, projectId: access.projectId }, connectionIdOf(params));
  return NextResponse.json({ connection: connectionJson(connection) });
});
