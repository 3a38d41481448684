// e2e data for imported human labels, in a project of its own ("arb-labels") so the figures
// its spec reads move for nobody else: the AgentLab runs AgentRewardBench labels (generated in
// the benchmark's layout, tests/support/import-fixtures/agentrewardbench.ts) and its judge's
// verdicts, imported as an admin would; annotations.csv itself is imported by the spec through
// the import screen. Hana is the person the owner links annotator H to.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { MediaStore } from "@/lib/media/store";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import { createProject } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { createUser } from "@/lib/users/users";
import { generatePassword } from "@/lib/auth/password";
import { writeAgentRewardBench } from "../support/import-fixtures/agentrewardbench";
import { API_LABELS_PROJECT, LABELS_PROJECT, LABELS_PROJECT_NAME, LINKED_USER } from "./seed-labels-file";


export async function seedLabels(db: Db, store: MediaStore, dataDir: string, adminEmail: string): Promise<void> {
  const project = await createProject(db, { slug: LABELS_PROJECT, name: LABELS_PROJECT_NAME });
  await grantRole(db, project.id, { email: adminEmail, role: "admin" });
  await createUser(db, { ...LINKED_USER, password: generatePassword() });
  const root = await writeAgentRewardBench(path.join(dataDir, "arb-fixture"));
  for (const target of ["agentlab_results", "judge-verdicts.jsonl"]) {
    const job = await createImportJob(db, project.id, null, { target: path.join(root, target), scratch: path.join(dataDir, `scratch-arb-${target}`) });
    const report = await executeImportJob(db, store, job.id);
    if (!report || report.problem) throw new Error(`seeding ${target}: ${report?.problem ?? "not run"}`);
  }

  // Two samples without screenshots, for the label a script pushes through the API.
  const api = await createProject(db, { slug: API_LABELS_PROJECT, name: "Labels by API" });
  await grantRole(db, api.id, { email: adminEmail, role: "admin" });
  const dir = path.join(dataDir, "api-labels-fixture");
  mkdirSync(dir, { recursive: true });
  const samples = ["api-s1", "api-s2"].map((id, i) => ({ type: "sample", id, dataset: "api", image: null, image_size: [200, 100], instruction: `Press ${i + 1}`, box: [10, 10, 60, 40] }));
  writeFileSync(path.join(dir, "samples.jsonl"), samples.map((l) => JSON.stringify(l)).join("\n") + "\n");
  const job = await createImportJob(db, api.id, null, { target: path.join(dir, "samples.jsonl"), scratch: path.join(dataDir, "scratch-api-labels") });
  const report = await executeImportJob(db, store, job.id);
  if (!report || report.problem) throw new Error(`seeding api labels: ${report?.problem ?? "not run"}`);
}
