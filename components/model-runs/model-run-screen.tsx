// One model run's page: its settings as recorded, its live progress (and why it stopped, if it
// did), Cancel and Resume for admins, the template text it asked with, and its items.
import Link from "next/link";
import { RunControls } from "@/components/model-runs/run-controls";
import { RunItems } from "@/components/model-runs/run-items";
import { RunProgress } from "@/components/model-runs/run-progress";
import { RunSettings } from "@/components/model-runs/run-settings";
import { TemplateText } from "@/components/model-runs/template-text";
import { taskLabel } from "@/components/model-runs/run-labels";
import { getT } from "@/lib/i18n/server";
import type { LoadedModelRun } from "@/lib/models/runs/list-model-runs";
import type { RunItemFilter, RunItemsPage } from "@/lib/models/runs/list-run-items";
import { ACTIVE_JOB_STATES } from "@/lib/models/runs/run-progress";

type Props = {
  project: { id: string; slug: string; name: string };
  loaded: LoadedModelRun;
  items: RunItemsPage;
  filter: RunItemFilter;
  isAdmin: boolean;
};

export async function ModelRunScreen({ project, loaded, items, filter, isAdmin }: Props) {
  const { t } = await getT();
  const { run, progress } = loaded;
  const active = ACTIVE_JOB_STATES.has(progress.status);
  const canResume = !active && (progress.status === "cancelled" || progress.status === "failed" || progress.status === "missing" || run.failed > 0 || progress.pending > 0);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link href={`/projects/${project.slug}/models/runs`} className="text-sm text-blue-700 hover:underline">← {t("modelRuns.back")}</Link>
          <h1 className="mt-1 text-2xl font-semibold break-words">{run.outputName}</h1>
          <p className="text-sm text-slate-600">{taskLabel(t, run.task)} · {run.connectionName} → <span className="font-mono">{run.model}</span></p>
        </div>
        {isAdmin && <RunControls projectId={project.id} runId={run.id} canCancel={active} canResume={canResume} />}
      </div>
      <RunProgress key={`${progress.jobId}:${progress.status}`} projectId={project.id} initial={progress} />
      <RunSettings loaded={loaded} />
      <TemplateText template={run.template} id={run.templateId} version={run.templateVersion} />
      <RunItems slug={project.slug} runId={run.id} filter={filter} page={items} />
    </div>
  );
}
