import "server-only";
// `npm run verity -- model run --project P --connection C --template T [--filter key=value]...
//  [--k N] [--temperature X] [--max-tokens N] [--output-name NAME] [--as EMAIL] [--json]`:
// a model run in the foreground, through the same checks as the screen and the API
// (StartRunSchema, the template's convention against the connection's), held by this process
// from its creation. The filter is the list page's, as its URL holds it (`--filter source=x
// --filter status=verified`); without one the run is over every sample (grounding, quality) or
// trajectory (judges) of the project. Progress goes to stderr; the report to stdout. Exits 1
// when the run stopped (a refused key, a server that stopped answering) or failed items.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { runHeldJob } from "@/lib/jobs/run-held-job";
import { WORKER_ID } from "@/lib/jobs/jobs";
import { recordAudit } from "@/lib/audit/record";
import { findConnection } from "@/lib/models/connections/connections";
import { runModelRunJob, type RunReport } from "@/lib/models/runs/model-run-job";
import { startModelRun, StartRunSchema } from "@/lib/models/runs/start-model-run";
import { findProjectBySlug } from "@/lib/projects/projects";
import type { ModelCommandOptions } from "@/lib/cli/model-flags";

const FLAG_OF: Record<string, string> = { connectionId: "--connection", templateId: "--template", k: "--k", temperature: "--temperature", maxTokens: "--max-tokens", outputName: "--output-name", scope: "--filter" };

function filterOf(pairs: readonly string[] | undefined): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new AppError("invalid_input", `--filter takes key=value (a list filter as its URL holds it), not "${pair}"`);
    filter[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return filter;
}

function reportText(report: RunReport): string {
  const errors = Object.entries(report.errors).map(([kind, n]) => `${kind} ${n}`).join(", ");
  return [
    `items      ${report.done} done, ${report.failed} failed of ${report.total}`,
    `requests   ${report.requests} sent, ${report.cacheHits} answered from the cache`,
    `tokens     ${report.promptTokens} in, ${report.completionTokens} out`,
    ...(errors ? [`errors     ${errors}`] : []),
    ...(report.changedUnderOverride ? [`verdicts changed under an override: ${report.changedUnderOverride}`] : []),
    ...(report.stoppedBecause ? [`stopped    ${report.stoppedBecause}`] : []),
  ].join("\n");
}

export async function runModelRunCommand(db: Db, options: ModelCommandOptions): Promise<void> {
  if (!options.project) throw new AppError("invalid_input", "missing --project <slug>");
  const project = await findProjectBySlug(db, options.project);
  if (!project) throw new AppError("not_found", `No project ${options.project}.`);
  if (!options.connection) throw new AppError("invalid_input", "missing --connection <name|id>");
  if (!options.template) throw new AppError("invalid_input", "missing --template <template id> (e.g. ui-venus-1.5-grounding)");
  const connection = await findConnection(db, project.id, options.connection);
  const raw = {
    connectionId: connection.id, templateId: options.template, k: options.k, temperature: options.temperature, maxTokens: options["max-tokens"],
    outputName: options["output-name"], scope: { kind: "filter", filter: filterOf(options.filter) },
  };
  const parsed = StartRunSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("invalid_input", parsed.error.issues.slice(0, 3).map((i) => `${FLAG_OF[String(i.path[0])] ?? String(i.path[0])} ${i.message}`).join("; "));
  }
  const run = await startModelRun(db, project.id, null, parsed.data, { claimedBy: WORKER_ID }).catch((error: unknown) => {
    // The library names the field; the shell knows it by its flag.
    if (error instanceof AppError) throw new AppError(error.code, error.message.replace(/^(\w+):/, (_m, field: string) => `${FLAG_OF[field] ?? field}:`));
    throw error;
  });
  await recordAudit(db, { userId: null, projectId: project.id, action: "model_run.start", targetType: "model_run", targetId: run.id, details: { connection: connection.name, template: `${run.templateId}@v${run.templateVersion}`, total: run.total, via: "cli" } });
  console.error(`Run ${run.id}: ${run.total} item(s), ${run.templateId}@v${run.templateVersion} on ${connection.name} (${connection.model}), k=${run.k}, as "${run.outputName}".`);
  let report: RunReport | null = null;
  await runHeldJob(db, { id: run.jobId, kind: "model_run" }, WORKER_ID, async () => {
    report = await runModelRunJob(db, run.jobId, { workerId: WORKER_ID });
  });
  const ended = report as RunReport | null;
  if (!ended) throw new Error("the run stopped before it finished");
  if (options.json) console.log(JSON.stringify({ runId: run.id, jobId: run.jobId, outputName: run.outputName, ...ended }));
  else console.log(reportText(ended));
  if (ended.stoppedBecause) throw new AppError("unavailable", `the run stopped: ${ended.stoppedBecause} (resume it from its page or the API once fixed)`);
  if (ended.failed > 0) throw new AppError("unavailable", `${ended.failed} item(s) failed; see the run's page for each one's reason`);
}
