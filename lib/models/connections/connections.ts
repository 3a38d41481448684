import "server-only";
// Model connections of a project: saved, listed, changed and removed. Reads for screens and the
// API return ConnectionView, which has no key (only its last four characters); the key is
// opened only by endpointOf, for a request about to be sent.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { ChatEndpoint } from "@/lib/models/connections/chat-client";
import { ConnectionInputSchema, type ConnectionInput } from "@/lib/models/connections/connection-input";
import { assertModelHostAllowed } from "@/lib/models/connections/model-hosts";
import { parseModelHosts } from "@/lib/env/model-host-rules";
import { openSecret, sealSecret, secretHint } from "@/lib/models/connections/secret-box";
import type { ImageLimits } from "@/lib/models/connections/model-image";
import type { ConventionId } from "@/lib/exports/conventions/coordinate-conventions";
import { isUniqueViolation } from "@/lib/db/unique-violation";

export const CONNECTION_VIEW = {
  id: true, name: true, baseUrl: true, model: true, apiKeyHint: true, maxConcurrent: true, requestsPerMinute: true,
  timeoutSeconds: true, convention: true, minPixels: true, maxPixels: true, createdAt: true, updatedAt: true,
  lastTestAt: true, lastTestOk: true, lastTestLatencyMs: true, lastTestMessage: true,
  createdBy: { select: { email: true } },
} as const;

export type ConnectionView = {
  id: string; name: string; baseUrl: string; model: string; apiKeyHint: string | null; maxConcurrent: number;
  requestsPerMinute: number | null; timeoutSeconds: number; convention: string; minPixels: number | null; maxPixels: number | null;
  createdAt: Date; updatedAt: Date; lastTestAt: Date | null; lastTestOk: boolean | null; lastTestLatencyMs: number | null;
  lastTestMessage: string | null; createdBy: { email: string };
};

/** The allow-list in force now (VERITY_MODEL_HOSTS), parsed. */
export const modelHostRules = () => parseModelHosts(env().VERITY_MODEL_HOSTS);

async function checkHost(baseUrl: string): Promise<void> {
  await assertModelHostAllowed(baseUrl, modelHostRules());
}

const fields = (input: ConnectionInput) => ({
  name: input.name, baseUrl: input.baseUrl, model: input.model, maxConcurrent: input.maxConcurrent,
  requestsPerMinute: input.requestsPerMinute ?? null, timeoutSeconds: input.timeoutSeconds, convention: input.convention,
  minPixels: input.minPixels ?? null, maxPixels: input.maxPixels ?? null,
});

export async function listConnections(db: Db, projectId: string): Promise<ConnectionView[]> {
  return db.modelConnection.findMany({ where: { projectId }, orderBy: { name: "asc" }, select: CONNECTION_VIEW });
}

export async function getConnection(db: Db, projectId: string, id: string): Promise<ConnectionView> {
  const row = await db.modelConnection.findFirst({ where: { id, projectId }, select: CONNECTION_VIEW });
  if (!row) throw new AppError("not_found", "no such model connection in this project");
  return row;
}

/** Finds a connection by id or by name (the CLI names them). */
export async function findConnection(db: Db, projectId: string, idOrName: string): Promise<ConnectionView> {
  const row = await db.modelConnection.findFirst({ where: { projectId, OR: [{ id: idOrName }, { name: idOrName }] }, select: CONNECTION_VIEW });
  if (!row) throw new AppError("not_found", `no model connection "${idOrName}" in this project`);
  return row;
}

export async function createConnection(db: Db, projectId: string, userId: string, raw: unknown): Promise<ConnectionView> {
  const input = ConnectionInputSchema.parse(raw);
  await checkHost(input.baseUrl);
  try {
    return await db.modelConnection.create({
      data: {
        projectId, createdById: userId, ...fields(input),
        apiKeyCipher: input.apiKey ? sealSecret(input.apiKey, projectId) : null,
        apiKeyHint: input.apiKey ? secretHint(input.apiKey) : null,
      },
      select: CONNECTION_VIEW,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `a model connection named "${input.name}" already exists in this project`);
    throw error;
  }
}

/** Saves new settings; the key changes only when a new one is given or clearApiKey is set. */
export async function updateConnection(db: Db, projectId: string, id: string, raw: unknown): Promise<{ connection: ConnectionView; keyChanged: boolean }> {
  const input = ConnectionInputSchema.parse(raw);
  await getConnection(db, projectId, id);
  await checkHost(input.baseUrl);
  const key = input.apiKey
    ? { apiKeyCipher: sealSecret(input.apiKey, projectId), apiKeyHint: secretHint(input.apiKey) }
    : input.clearApiKey
      ? { apiKeyCipher: null, apiKeyHint: null }
      : {};
  try {
    const connection = await db.modelConnection.update({
      where: { id },
      // A changed endpoint makes the last test say nothing about it.
      data: { ...fields(input), ...key, lastTestAt: null, lastTestOk: null, lastTestLatencyMs: null, lastTestMessage: null },
      select: CONNECTION_VIEW,
    });
    return { connection, keyChanged: Object.keys(key).length > 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `a model connection named "${input.name}" already exists in this project`);
    throw error;
  }
}

export async function deleteConnection(db: Db, projectId: string, id: string): Promise<ConnectionView> {
  const connection = await getConnection(db, projectId, id);
  await db.modelConnection.delete({ where: { id } });
  return connection;
}

export type ConnectionEndpoint = ChatEndpoint & ImageLimits & { id: string; name: string; maxConcurrent: number; requestsPerMinute: number | null };

/**
 * What a request needs, key opened: only for sending. Checks the host against the allow-list in
 * force now, so a connection saved before VERITY_MODEL_HOSTS was narrowed is refused.
 */
export async function endpointOf(db: Db, projectId: string, id: string): Promise<ConnectionEndpoint> {
  const row = await db.modelConnection.findFirst({ where: { id, projectId } });
  if (!row) throw new AppError("not_found", "no such model connection in this project");
  await checkHost(row.baseUrl);
  return {
    id: row.id, name: row.name, baseUrl: row.baseUrl, model: row.model, timeoutSeconds: row.timeoutSeconds,
    apiKey: row.apiKeyCipher ? openSecret(row.apiKeyCipher, projectId) : null,
    convention: row.convention as ConventionId, minPixels: row.minPixels, maxPixels: row.maxPixels,
    maxConcurrent: row.maxConcurrent, requestsPerMinute: row.requestsPerMinute,
  };
}
