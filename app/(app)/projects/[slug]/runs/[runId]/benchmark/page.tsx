import { getT, titled } from "@/lib/i18n/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BenchmarkScreen } from "@/components/benchmarks/benchmark-screen";
import { loadBenchmark } from "@/lib/benchmarks/load-benchmark";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; runId: string }> };

export const generateMetadata = titled("benchmark.results");

export default async function RunBenchmarkPage({ params }: Props) {
  const { slug, runId } = await params;
  // Reviewers: corrected figures rest on verified answers, which would give honeypots away.
  const { project } = await projectPageAccess(slug, "reviewer");
  const { t } = await getT();
  if (!isRowId(runId)) notFound();
  const run = await db().evaluationRun.findFirst({ where: { id: runId, projectId: project.id }, select: { id: true, name: true, benchmark: true, model: true } });
  if (!run) notFound();
  const loaded = await loadBenchmark(db(), project.id, runId);
  return (
    <div className="space-y-4">
      <Link href={`/projects/${project.slug}/runs/${run.id}`} className="text-sm text-blue-700 hover:underline">{t("benchmark.backToRun")}</Link>
      <BenchmarkScreen project={project} run={run} loaded={loaded} />
    </div>
  );
}
