import { titled } from "@/lib/i18n/server";
import { CalibrationScreen } from "@/components/runs/calibration-screen";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { CALIBRATION_SPLITS, judgeCalibration, type CalibrationSplit } from "@/lib/runs/calibration/judge-calibration";
import { comparePromptVersions } from "@/lib/runs/calibration/prompt-version-comparison";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("calibration.title");

export default async function CalibrationPage({ params, searchParams }: Props) {
  const { slug } = await params;
  // Reviewers: it rests on verified outcomes.
  const { project } = await projectPageAccess(slug, "reviewer");
  const { by } = await searchParams;
  const split: CalibrationSplit = (CALIBRATION_SPLITS as readonly unknown[]).includes(by) ? (by as CalibrationSplit) : "judge";
  const rows = await judgeCalibration(db(), project.id, { split });
  // Trace-level judges with more than one prompt version, compared on the items both versions judged.
  const versionsOf = new Map<string, Set<string | null>>();
  for (const row of rows.filter((r) => r.level === "trajectory")) versionsOf.set(row.judgeName, (versionsOf.get(row.judgeName) ?? new Set()).add(row.promptVersion));
  const judges = [...versionsOf].filter(([, versions]) => versions.size > 1).map(([judge]) => judge);
  const comparisons = judges.length ? await comparePromptVersions(db(), project.id, judges) : [];
  return <CalibrationScreen slug={project.slug} split={split} rows={rows} comparisons={comparisons} />;
}
