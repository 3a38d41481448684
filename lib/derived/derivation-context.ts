import "server-only";
// What a derivation needs from its project: the settings the derived values depend on and the
// project's derivation revision (an item derived under it is fresh, see Project in the models).
import { ProjectSettingsSchema, type ProjectSettings } from "@/lib/domain/project-settings";
import { AppError } from "@/lib/errors";
import { asJson } from "@/lib/db/sql-reader";
import { toNumber } from "@/lib/db/dialect";
import type { SqlExec } from "@/lib/db/sql-exec";

export type DerivationContext = { projectId: string; revision: number; settings: ProjectSettings };

export async function derivationContext(exec: SqlExec, projectId: string): Promise<DerivationContext> {
  const rows = await exec.all<{ settings: unknown; derivationRevision: unknown }>(`SELECT "settings", "derivationRevision" FROM "Project" WHERE "id" = ?`, [projectId]);
  const row = rows[0];
  if (!row) throw new AppError("not_found", "No such project.");
  return { projectId, revision: toNumber(row.derivationRevision), settings: ProjectSettingsSchema.parse(asJson(row.settings) ?? {}) };
}
