// Step-level judges beside the trace-level ones (the project's calibration and a run's): their
// yes/no verdicts on steps against the people's step labels (lib/verdicts/step-judge-human.ts),
// in the same table. Nothing when no step-level judge has a verdict in scope.
import { JudgeCalibrationTable } from "@/components/runs/judge-calibration-table";
import { getT } from "@/lib/i18n/server";
import type { JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";

type Props = { rows: JudgeCalibration[]; splitLabel?: string };

export async function StepJudgeCalibration({ rows, splitLabel }: Props) {
  const { t } = await getT();
  const steps = rows.filter((r) => r.level === "step");
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="step-judges" className="space-y-2" data-testid="step-judge-calibration">
      <h2 id="step-judges" className="text-lg font-semibold">{t("calibration.steps.title")}</h2>
      <p className="max-w-3xl text-sm text-slate-600">{t("calibration.steps.intro")}</p>
      <JudgeCalibrationTable rows={steps} splitLabel={splitLabel} />
    </section>
  );
}
