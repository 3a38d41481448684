// Where a run's figures go further: compared with another run over the same tasks, charted
// with the other checkpoints of its benchmark, and its judges calibrated across the project.
import Link from "next/link";
import { getT } from "@/lib/i18n/server";

export async function RunAnalysisLinks({ slug, runId, benchmark }: { slug: string; runId: string; benchmark: string }) {
  const { t } = await getT();
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50";
  return (
    <nav aria-label={t("runs.analysis")} className="flex flex-wrap gap-2 text-sm">
      <Link href={`/projects/${slug}/runs/compare?a=${runId}`} className={link}>{t("runs.compareWithAnother")}</Link>
      <Link href={`/projects/${slug}/runs/checkpoints?benchmark=${encodeURIComponent(benchmark)}`} className={link}>{t("runs.stepVsTrace")}</Link>
      <Link href={`/projects/${slug}/calibration`} className={link}>{t("calibration.title")}</Link>
    </nav>
  );
}
