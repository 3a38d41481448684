// What API v1 answers about a model run: the run's settings (the connection as it was when the
// run was asked for, never its key), the exact template it sent, and where it stands.
import type { RunProgressView } from "@/lib/models/runs/run-progress";

type RunRow = {
  id: string; jobId: string; task: string; outputName: string; connectionId: string | null; connectionName: string; baseUrl: string; model: string;
  convention: string; templateId: string; templateVersion: number; templateHash: string; k: number; temperature: number; maxTokens: number | null;
  scope: unknown; total: number; createdAt: Date;
};

export function modelRunJson(run: RunRow, progress: RunProgressView, options: { template?: unknown } = {}) {
  return {
    id: run.id,
    jobId: run.jobId,
    task: run.task,
    outputName: run.outputName,
    connection: { id: run.connectionId, name: run.connectionName, baseUrl: run.baseUrl, model: run.model, convention: run.convention },
    template: { id: run.templateId, version: run.templateVersion, hash: run.templateHash, ...(options.template ? { text: options.template } : {}) },
    k: run.k,
    temperature: run.temperature,
    maxTokens: run.maxTokens,
    scope: run.scope,
    total: run.total,
    createdAt: run.createdAt.toISOString(),
    progress,
  };
}
