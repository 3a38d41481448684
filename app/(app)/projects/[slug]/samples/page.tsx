import type { Metadata } from "next";
import { SampleList } from "@/components/samples/sample-list";
import { db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listSamples, sampleFacets } from "@/lib/samples/list-samples";
import { parseSampleFilter } from "@/lib/samples/sample-filters";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Grounding samples" };

export default async function SamplesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "annotator");
  const filter = parseSampleFilter(await searchParams);
  const settings = ProjectSettingsSchema.parse(project.settings);
  const [result, facets] = await Promise.all([listSamples(db(), project.id, filter, settings.tiers), sampleFacets(db(), project.id)]);
  return <SampleList project={project} filter={filter} facets={facets} result={result} tiers={settings.tiers} />;
}
