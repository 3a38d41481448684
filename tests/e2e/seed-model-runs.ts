// A model run to open in the "verified" project (tests/e2e/seed-verified.ts), so every page of
// the model run screens has something to show in the page-console sweep: a connection on the
// discard port of loopback (nothing answers there) and a grounding run over the project's
// samples, cancelled before any worker took it, so it never sends a request and all its items
// stay pending. Written through the domain layer, as the launch form would.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createConnection } from "@/lib/models/connections/connections";
import { cancelModelRun, startModelRun } from "@/lib/models/runs/start-model-run";
import { MODEL_RUNS_SEED_FILE, type ModelRunsSeed } from "./seed-model-runs-file";

export async function seedModelRuns(db: Db, dataDir: string, adminEmail: string, slug: string): Promise<void> {
  const project = await db.project.findUniqueOrThrow({ where: { slug } });
  const admin = await db.user.findUniqueOrThrow({ where: { email: adminEmail } });
  const connection = await createConnection(db, project.id, admin.id, { name: "seeded-vllm", baseUrl: "http://127.0.0.1:9/v1", model: "ui-venus-1.5-7b", convention: "rel1000", timeoutSeconds: 5 });
  const run = await startModelRun(db, project.id, admin.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } });
  await cancelModelRun(db, project.id, run.id);
  const seed: ModelRunsSeed = { projectId: project.id, slug, cancelledRunId: run.id };
  writeFileSync(path.join(dataDir, MODEL_RUNS_SEED_FILE), JSON.stringify(seed, null, 2));
}
