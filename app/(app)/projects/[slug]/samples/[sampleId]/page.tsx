import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroundingReview } from "@/components/review/grounding-review";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { neighbourSamples } from "@/lib/samples/list-samples";
import { filterQuery, parseSampleFilter } from "@/lib/samples/sample-filters";
import { loadSampleReview } from "@/lib/samples/sample-review";

type Props = { params: Promise<{ slug: string; sampleId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Review sample" };

export default async function SampleReviewPage({ params, searchParams }: Props) {
  const { slug, sampleId } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  if (!/^[a-z0-9]{10,40}$/.test(sampleId)) notFound();
  const review = await loadSampleReview(db(), project.id, sampleId, access.user.id);
  if (!review) notFound();
  const filter = parseSampleFilter(await searchParams);
  const settings = ProjectSettingsSchema.parse(project.settings);
  const neighbours = await neighbourSamples(db(), project.id, sampleId, filter, settings.tiers);
  const canOverride = access.role === "owner" || roleAtLeast(access.role, "reviewer");
  return (
    <GroundingReview
      project={{ id: project.id, slug: project.slug, name: project.name }}
      review={review}
      tiers={settings.tiers}
      canOverride={canOverride}
      query={filterQuery({ ...filter, after: undefined })}
      neighbours={{ previous: neighbours.previous?.id ?? null, next: neighbours.next?.id ?? null, nextMediaId: neighbours.next?.media?.id ?? null }}
    />
  );
}
