import { notFound } from "next/navigation";
import { ModelRunScreen } from "@/components/model-runs/model-run-screen";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { loadModelRun } from "@/lib/models/runs/list-model-runs";
import { listRunItems, parseRunItemFilter } from "@/lib/models/runs/list-run-items";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string; runId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("modelRuns.pageTitle");

export default async function ModelRunPage({ params, searchParams }: Props) {
  const { slug, runId } = await params;
  // Reviewers and up: the items link to samples and trajectories with their verdicts.
  const { project, access } = await projectPageAccess(slug, "reviewer");
  const loaded = await loadModelRun(db(), project.id, runId);
  if (!loaded) notFound();
  const filter = parseRunItemFilter(await searchParams);
  const items = await listRunItems(db(), project.id, loaded.run.id, filter);
  const isAdmin = access.role === "owner" || roleAtLeast(access.role, "admin");
  return <ModelRunScreen project={project} loaded={loaded} items={items} filter={filter} isAdmin={isAdmin} />;
}
