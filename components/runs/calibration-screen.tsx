// Judge calibration across the project: per judge and prompt version, or split by benchmark or
// app (the tabs are links, so each view has its address). AgentRewardBench-style: precision
// first, each figure with its 95% interval, against the verified human outcomes.
import Link from "next/link";
import { JudgeCalibrationTable } from "@/components/runs/judge-calibration-table";
import { StepJudgeCalibration } from "@/components/runs/step-judge-calibration";
import { getT } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";
import type { CalibrationSplit, JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import type { PromptVersionComparison } from "@/lib/runs/calibration/prompt-version-comparison";
import { estimateText } from "@/components/runs/estimate-text";

type Props = { slug: string; split: CalibrationSplit; rows: JudgeCalibration[]; comparisons?: PromptVersionComparison[] };

const TABS: [CalibrationSplit, PlainKey][] = [["judge", "calibration.perJudge"], ["benchmark", "calibration.byBenchmark"], ["app", "calibration.byApp"]];

export async function CalibrationScreen({ slug, split, rows, comparisons = [] }: Props) {
  const { t, locale } = await getT();
  const e = estimateText(t, locale);
  const version = (v: string | null) => v ?? t("calibration.noPromptVersion");
  const traces = rows.filter((r) => r.level === "trajectory");
  const splitLabel = split === "benchmark" ? t("calibration.benchmark") : split === "app" ? t("calibration.app") : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("calibration.title")}</h1>
        <p className="max-w-3xl text-sm text-slate-600">{t("calibration.intro")}</p>
      </div>
      <nav aria-label={t("calibration.split")} className="flex gap-2 text-sm">
        {TABS.map(([key, label]) => (
          <Link key={key} href={`/projects/${slug}/calibration?by=${key}`} aria-current={split === key ? "page" : undefined}
            className={`rounded-md border px-3 py-1.5 ${split === key ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}>
            {t(label)}
          </Link>
        ))}
      </nav>
      {traces.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t("calibration.none")}</p>
      ) : (
        <JudgeCalibrationTable rows={traces} splitLabel={splitLabel} />
      )}
      <StepJudgeCalibration rows={rows} splitLabel={splitLabel} />
      {comparisons.length > 0 && (
        <section aria-labelledby="prompt-versions" className="space-y-2">
          <h2 id="prompt-versions" className="text-lg font-semibold">{t("calibration.versions")}</h2>
          <p className="max-w-3xl text-sm text-slate-600">{t("calibration.versionsIntro")}</p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="prompt-version-comparisons">
            {comparisons.map((c) => (
              <li key={`${c.judgeName}|${c.first}|${c.second}`} className="p-3">
                <span className="font-medium">{c.judgeName}</span>: {t("calibration.versionPair", { first: version(c.first), second: version(c.second) })}
                <span className="ml-2 text-slate-500">{t("calibration.sharedItems", { count: c.difference?.n ?? 0 })}</span>
                <p className="text-slate-700">
                  {c.difference
                    ? t("calibration.versionDifference", { first: version(c.first), second: version(c.second), firstRate: e.percent(c.difference.first), secondRate: e.percent(c.difference.second), difference: e.signedPoints(c.difference.difference), range: e.pointsRange(c.difference.low, c.difference.high) })
                    : t("calibration.noSharedItems")}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
