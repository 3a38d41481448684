import { SampleList } from "@/components/samples/sample-list";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listSamples, sampleFacets } from "@/lib/samples/list-samples";
import { parseSampleFilter } from "@/lib/samples/sample-filters";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("samples.title");

export default async function SamplesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const viewer = { seesHuman: isReviewerRole(access.role) };
  const filter = parseSampleFilter(await searchParams, viewer);
  const [result, facets] = await Promise.all([listSamples(db(), project.id, filter, viewer), sampleFacets(db(), project.id)]);
  return <SampleList project={project} filter={filter} facets={facets} result={result} seesHuman={viewer.seesHuman} canQueue={access.role === "owner" || roleAtLeast(access.role, "admin")} />;
}
