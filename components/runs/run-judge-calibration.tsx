// The run page's judge calibration: each MLLM judge that gave this run's episodes a boolean
// verdict, against the verified ones (lib/runs/calibration/judge-calibration.ts), and what
// trusting it would do to the run's rate, beside the sampled estimate when there is one.
import Link from "next/link";
import { JudgeCalibrationTable } from "@/components/runs/judge-calibration-table";
import { StepJudgeCalibration } from "@/components/runs/step-judge-calibration";
import { getT } from "@/lib/i18n/server";
import type { JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";

type Props = { slug: string; rows: JudgeCalibration[]; corrected: number | null };

export async function RunJudgeCalibration({ slug, rows, corrected }: Props) {
  const { t } = await getT();
  const traces = rows.filter((r) => r.level === "trajectory");
  return (
    <section aria-label={t("calibration.title")} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("calibration.title")}</h2>
        <Link href={`/projects/${slug}/calibration`} className="text-sm text-blue-700 hover:underline">{t("calibration.acrossProject")}</Link>
      </div>
      {traces.length === 0 ? (
        <p className="text-sm text-slate-600">{t("calibration.noneInRun")}</p>
      ) : (
        <>
          <p className="max-w-3xl text-sm text-slate-600">{t("calibration.runIntro")}</p>
          <JudgeCalibrationTable rows={traces} corrected={corrected === null ? null : { rate: corrected, label: t("calibration.sampledEstimate") }} />
        </>
      )}
      <StepJudgeCalibration rows={rows} />
    </section>
  );
}
