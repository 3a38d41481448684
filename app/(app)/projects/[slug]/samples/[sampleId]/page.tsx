import { notFound } from "next/navigation";
import { QueueModeBar } from "@/components/queues/queue-mode-bar";
import { GroundingReview } from "@/components/review/grounding-review";
import { ReviewStanding } from "@/components/review/review-standing";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { queueClaimView } from "@/lib/queues/queue-claim-view";
import { reviewStanding } from "@/lib/queues/review-standing";
import { waitingFor } from "@/lib/queues/waiting-for";
import { openSourceChange } from "@/lib/annotations/source-changes";
import { SourceChangePanel } from "@/components/review/source-change-panel";
import { neighbourSamples } from "@/lib/samples/list-samples";
import { filterQuery, parseSampleFilter } from "@/lib/samples/sample-filters";
import { loadSampleReview } from "@/lib/samples/sample-review";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; sampleId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("meta.reviewSample");

export default async function SampleReviewPage({ params, searchParams }: Props) {
  const { slug, sampleId } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  if (!isRowId(sampleId)) notFound();
  const search = await searchParams;
  const canOverride = isReviewerRole(access.role);
  // Queue mode is annotating: nobody there is shown the item's standing (it could be a honeypot).
  const showsStanding = canOverride && search.claim === undefined;
  const review = await loadSampleReview(db(), project.id, sampleId, access.user.id, { seesDerived: showsStanding });
  if (!review) notFound();
  const filter = parseSampleFilter(search, { seesHuman: canOverride });
  const settings = ProjectSettingsSchema.parse(project.settings);
  const neighbours = await neighbourSamples(db(), project.id, sampleId, filter, { seesHuman: canOverride });
  const claim = search.claim === undefined ? null : await queueClaimView(db(), project.id, access.user.id, search.claim, search.queue);
  const standing = showsStanding ? await reviewStanding(db(), project.id, { sampleId }) : null;
  const waiting = standing ? await waitingFor(db(), project.id, { sampleId }, standing.status, access.user.id) : null;
  const sourceChange = showsStanding ? await openSourceChange(db(), project.id, { sampleId }) : null;
  // Wider than the app's 72rem column: the screenshot is the workspace and takes the window's
  // width less a 1rem margin each side (the column stays centred, so this is symmetric). The
  // workspace ends 12px above the window's foot (use-remaining-height.ts), so from lg up the
  // main column's bottom padding is taken back, or the page would scroll by it.
  return (
    <div className="ml-[calc(50%-50vw+1rem)] w-[calc(100vw-2rem)] space-y-3 lg:-mb-8">
      {claim && <QueueModeBar projectId={project.id} claim={claim} />}
      {standing && <ReviewStanding projectId={project.id} slug={project.slug} item={{ itemType: "sample", id: sampleId }} standing={standing} waiting={waiting} isAdmin={access.role === "owner" || roleAtLeast(access.role, "admin")} />}
      {sourceChange && <SourceChangePanel change={sourceChange} />}
      <GroundingReview
        project={{ id: project.id, slug: project.slug, name: project.name }}
        review={review}
        tiers={settings.tiers}
        canOverride={canOverride}
        query={filterQuery({ ...filter, after: undefined })}
        neighbours={{ previous: neighbours.previous?.id ?? null, next: neighbours.next?.id ?? null, nextMediaId: neighbours.next?.media?.id ?? null }}
        finalBox={standing?.status === "verified" ? (standing.final?.grounding?.box ?? null) : null}
        finalPayload={standing?.status === "verified" ? (standing.final?.grounding ?? null) : null}
        isSettled={standing ? isSettled(standing.status) : false}
        finalAnswerId={standing ? (standing.final?.id ?? null) : undefined}
      />
    </div>
  );
}
