import { NewRunScreen } from "@/components/model-runs/new-run-screen";
import { db } from "@/lib/db";
import { firstValues } from "@/lib/filters/search-params";
import { titled } from "@/lib/i18n/server";
import { newRunData } from "@/lib/models/runs/new-run-data";
import { parseRunItems, scopeFilterOf } from "@/lib/models/runs/scope-filter";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("modelRuns.new.pageTitle");

// ?items=samples|trajectories and the list's filter, as "Run a model on these N" carries it.
export default async function NewModelRunPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const query = firstValues(await searchParams);
  const items = parseRunItems(query.items);
  const filter = scopeFilterOf(items, query);
  const data = await newRunData(db(), project.id, items, filter);
  return <NewRunScreen project={project} items={items} filter={filter} data={data} />;
}
