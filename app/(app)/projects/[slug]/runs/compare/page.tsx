import { getT, titled } from "@/lib/i18n/server";
import { RunComparePicker } from "@/components/runs/run-compare-picker";
import { RunComparisonScreen } from "@/components/runs/run-comparison-screen";
import { db } from "@/lib/db";
import { TASK_MATCHES, type TaskMatch } from "@/lib/domain/estimates/task-key";
import { projectPageAccess } from "@/lib/projects/page-access";
import { checkpointRuns } from "@/lib/runs/checkpoints/checkpoint-accuracy";
import { compareRuns } from "@/lib/runs/comparison/compare-runs";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("compare.title");

const one = (v: string | string[] | undefined) => (isRowId(v) ? v : null);

export default async function CompareRunsPage({ params, searchParams }: Props) {
  const { slug } = await params;
  // Reviewers: verified outcomes would give honeypots away.
  const { project } = await projectPageAccess(slug, "reviewer");
  const { t } = await getT();
  const query = await searchParams;
  const [first, second] = [one(query.a), one(query.b)];
  const match: TaskMatch = (TASK_MATCHES as readonly unknown[]).includes(query.match) ? (query.match as TaskMatch) : "id";
  const runs = await checkpointRuns(db(), project.id);
  const known = (id: string | null) => (id && runs.some((r) => r.id === id) ? id : null);
  const comparison = known(first) && known(second) && first !== second ? await compareRuns(db(), project.id, first!, second!, match) : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("compare.heading")}</h1>
      <RunComparePicker slug={project.slug} runs={runs} first={known(first)} second={known(second)} match={match} />
      {comparison ? <RunComparisonScreen project={project} c={comparison} /> : <p className="text-sm text-slate-600">{first && second && first === second ? t("compare.pickDifferent") : t("compare.pick")}</p>}
    </div>
  );
}
