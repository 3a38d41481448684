import { titled } from "@/lib/i18n/server";
import { CalibrationScreen } from "@/components/runs/calibration-screen";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { CALIBRATION_SPLITS, judgeCalibration, type CalibrationSplit } from "@/lib/runs/calibration/judge-calibration";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("calibration.title");

export default async function CalibrationPage({ params, searchParams }: Props) {
  const { slug } = await params;
  // Reviewers: it rests on verified outcomes.
  const { project } = await projectPageAccess(slug, "reviewer");
  const { by } = await searchParams;
  const split: CalibrationSplit = (CALIBRATION_SPLITS as readonly unknown[]).includes(by) ? (by as CalibrationSplit) : "judge";
  const rows = await judgeCalibration(db(), project.id, { split });
  return <CalibrationScreen slug={project.slug} split={split} rows={rows} />;
}
