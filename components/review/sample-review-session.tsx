"use client";
// The grounding review page's screen: the queue bar, the standing (reviewers), an open source
// change and the editor, for the item the session holds (use-review-session.ts). The item a
// submit goes to, and the one after it, are read ahead with their screenshots decoded, so
// "Submit and next" and j / k swap at once.
import { KeptEditorHost } from "@/components/editor/kept-box-editor";
import { QueueModeBar } from "@/components/queues/queue-mode-bar";
import { GroundingReview } from "@/components/review/grounding-review";
import { ReviewStanding } from "@/components/review/review-standing";
import { sampleAddress } from "@/components/review/sample-address";
import { SourceChangePanel } from "@/components/review/source-change-panel";
import { useReviewSession, type SessionKind } from "@/components/review/use-review-session";
import type { SampleScreen } from "@/lib/api/review-screens/sample-screen";

const ADDRESS = /^\/projects\/[^/?#]+\/samples\/([^/?#]+)(\?[^#]*)?$/;

function kindFor(projectId: string): SessionKind<SampleScreen> {
  return {
    dataUrlOf(address) {
      const match = ADDRESS.exec(address);
      if (!match || match[1] === "bulk") return null;
      return `/api/projects/${encodeURIComponent(projectId)}/samples/${match[1]}/screen${match[2] ?? ""}`;
    },
    addressOf: (screen) => screen.address,
    // In queue mode the next item is the queue's to choose (claimed by the submit): nothing to read
    // ahead but the screenshot it will most likely be (likelyImagesOf).
    ahead: (screen) => (screen.queueStep ? [] : [screen.neighbours.next, screen.neighbours.previous].filter((id): id is string => !!id).map((id) => sampleAddress(screen, id))),
    imagesOf: (screen) => (screen.review.mediaId ? [`/api/media/${screen.review.mediaId}`] : []),
    likelyImagesOf: (screen) => screen.likelyNext,
  };
}

export function SampleReviewSession({ initial }: { initial: SampleScreen }) {
  const { screen, visit, go } = useReviewSession(initial, kindFor(initial.project.id));
  const { project, review, claim, standing, sourceChange } = screen;
  // One box editor for the whole session (kept-box-editor.tsx): a swap moves it, never rebuilds it.
  return (
    <KeptEditorHost>
      {claim && <QueueModeBar key={`claim:${claim.claimId}`} projectId={project.id} claim={claim} />}
      {standing && <ReviewStanding key={`standing:${review.id}:${visit}`} projectId={project.id} slug={project.slug} item={{ itemType: "sample", id: review.id }} standing={standing} waiting={screen.waiting} isAdmin={screen.isAdmin} />}
      {sourceChange && <SourceChangePanel key={`change:${review.id}:${visit}`} change={sourceChange} />}
      <GroundingReview key={`screen:${review.id}:${visit}`} screen={screen} visit={visit} go={go} />
    </KeptEditorHost>
  );
}
