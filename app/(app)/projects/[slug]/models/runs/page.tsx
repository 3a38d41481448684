import { ModelRunsScreen } from "@/components/model-runs/model-runs-screen";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { firstValues } from "@/lib/filters/search-params";
import { titled } from "@/lib/i18n/server";
import { listModelRuns } from "@/lib/models/runs/list-model-runs";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("modelRuns.title");

export default async function ModelRunsPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "reviewer");
  const { after } = firstValues(await searchParams);
  const { runs, nextAfter } = await listModelRuns(db(), project.id, after);
  const isAdmin = access.role === "owner" || roleAtLeast(access.role, "admin");
  return <ModelRunsScreen project={project} runs={runs} nextAfter={nextAfter} isFirstPage={!after} isAdmin={isAdmin} />;
}
