import { titled } from "@/lib/i18n/server";
import { CheckpointScreen } from "@/components/runs/checkpoint-screen";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { checkpointRuns, checkpointSeries } from "@/lib/runs/checkpoints/checkpoint-accuracy";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("checkpoints.title");

export default async function CheckpointsPage({ params, searchParams }: Props) {
  const { slug } = await params;
  // Reviewers: verified outcomes would give honeypots away.
  const { project } = await projectPageAccess(slug, "reviewer");
  const query = await searchParams;
  const runs = await checkpointRuns(db(), project.id);
  const asked = [query.run ?? []].flat();
  // Without a choice: every run of the benchmark asked for (?benchmark=), else none.
  const chosen = asked.length ? runs.filter((r) => asked.includes(r.id)) : runs.filter((r) => r.benchmark === query.benchmark);
  const points = await checkpointSeries(db(), project.id, chosen);
  return <CheckpointScreen slug={project.slug} runs={runs} chosen={chosen.map((r) => r.id)} points={points} />;
}
