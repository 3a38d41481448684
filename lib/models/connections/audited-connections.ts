import "server-only";
// Model connection writes as someone: the change and its audit row, for every caller that acts
// for a person (the v1 API as the token's creator, the CLI as --as or the site owner). The audit
// details say what was pointed where, and whether a key was set or changed, never the key or
// its hint; they have the same shape as the admin screen's (lib/actions/model-connections.ts).
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { createConnection, deleteConnection, updateConnection, type ConnectionView } from "@/lib/models/connections/connections";
import { testConnection, type ConnectionTestResult } from "@/lib/models/connections/test-connection";

export type ConnectionActor = { userId: string; projectId: string };

const described = (c: ConnectionView) => ({ name: c.name, baseUrl: c.baseUrl, model: c.model, convention: c.convention });

function audit(db: Db, actor: ConnectionActor, action: string, connectionId: string, details: Record<string, string | number | boolean | null>) {
  return recordAudit(db, { userId: actor.userId, projectId: actor.projectId, action: `model_connection.${action}`, targetType: "model_connection", targetId: connectionId, details });
}

export async function addConnectionAs(db: Db, actor: ConnectionActor, raw: unknown): Promise<ConnectionView> {
  const connection = await createConnection(db, actor.projectId, actor.userId, raw);
  await audit(db, actor, "create", connection.id, { ...described(connection), keyChanged: connection.apiKeyHint !== null });
  return connection;
}

export async function changeConnectionAs(db: Db, actor: ConnectionActor, id: string, raw: unknown): Promise<ConnectionView> {
  const { connection, keyChanged } = await updateConnection(db, actor.projectId, id, raw);
  await audit(db, actor, "update", connection.id, { ...described(connection), keyChanged });
  return connection;
}

export async function removeConnectionAs(db: Db, actor: ConnectionActor, id: string): Promise<ConnectionView> {
  const connection = await deleteConnection(db, actor.projectId, id);
  await audit(db, actor, "delete", connection.id, described(connection));
  return connection;
}

export async function testConnectionAs(db: Db, actor: ConnectionActor, id: string): Promise<ConnectionTestResult> {
  const result = await testConnection(db, actor.projectId, id);
  await audit(db, actor, "test", id, { ok: result.ok, latencyMs: result.latencyMs, errorKind: result.error?.kind ?? null, onTarget: result.onTarget });
  return result;
}
