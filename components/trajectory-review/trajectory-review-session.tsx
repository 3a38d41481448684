"use client";
// The trajectory review page's screen: the queue bar, the standing (reviewers), an open source
// change and the review screen, for the trajectory the session holds (use-review-session.ts).
// The trajectory a submit goes to (the next still to review) and the one after it are read
// ahead, with the screenshot the screen opens on and the filmstrip's thumbnails decoded, so
// "Submit and next" and ] / [ swap at once.
import { QueueModeBar } from "@/components/queues/queue-mode-bar";
import { ReviewStanding } from "@/components/review/review-standing";
import { SourceChangePanel } from "@/components/review/source-change-panel";
import { useReviewSession, type SessionKind } from "@/components/review/use-review-session";
import { TrajectoryReviewScreen } from "@/components/trajectory-review/trajectory-review-screen";
import { firstUnlabeled, startingPayload, submitTarget, trajectoryAddress } from "@/components/trajectory-review/trajectory-screen-start";
import type { TrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";

const ADDRESS = /^\/projects\/[^/?#]+\/trajectories\/([^/?#]+)(\?[^#]*)?$/;
// The filmstrip's first thumbnails: what is on screen without scrolling it.
const THUMBS = 12;

function imagesOf(screen: TrajectoryScreen): string[] {
  const { steps, endScreen } = screen.review;
  const opening = steps[firstUnlabeled(startingPayload(screen), steps.length)]?.media;
  const thumbs = [...steps.map((s) => s.media), endScreen?.media].filter((m) => !!m).slice(0, THUMBS).map((m) => `/api/media/${m!.id}?variant=thumb`);
  return [...(opening ? [`/api/media/${opening.id}`] : []), ...thumbs];
}

function kindFor(projectId: string): SessionKind<TrajectoryScreen> {
  return {
    dataUrlOf(address) {
      const match = ADDRESS.exec(address);
      return match ? `/api/projects/${encodeURIComponent(projectId)}/trajectories/${match[1]}/screen${match[2] ?? ""}` : null;
    },
    addressOf: (screen) => screen.address,
    // In queue mode the next item is the queue's to choose (claimed by the submit): nothing to read
    // ahead but the screenshot it will most likely be (likelyImagesOf).
    ahead: (screen) =>
      screen.queueStep ? [] : [...new Set([submitTarget(screen), screen.neighbours.next, screen.neighbours.previous])].filter((id): id is string => !!id).map((id) => trajectoryAddress(screen, id)),
    imagesOf,
    likelyImagesOf: (screen) => screen.likelyNext,
  };
}

export function TrajectoryReviewSession({ initial }: { initial: TrajectoryScreen }) {
  const { screen, visit, go } = useReviewSession(initial, kindFor(initial.project.id));
  const { project, review, claim, standing, sourceChange } = screen;
  return (
    <>
      {claim && <QueueModeBar key={`claim:${claim.claimId}`} projectId={project.id} claim={claim} />}
      {standing && <ReviewStanding key={`standing:${review.id}:${visit}`} projectId={project.id} slug={project.slug} item={{ itemType: "trajectory", id: review.id }} standing={standing} waiting={screen.waiting} isAdmin={screen.isAdmin} />}
      {sourceChange && <SourceChangePanel key={`change:${review.id}:${visit}`} change={sourceChange} />}
      <TrajectoryReviewScreen key={`screen:${review.id}:${visit}`} screen={screen} go={go} />
    </>
  );
}
