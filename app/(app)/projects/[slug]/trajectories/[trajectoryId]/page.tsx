import { notFound } from "next/navigation";
import { TrajectoryReviewSession } from "@/components/trajectory-review/trajectory-review-session";
import { loadTrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string; trajectoryId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("meta.reviewTrajectory");

// The first trajectory of a review session: the screen moves on from here on the client
// (components/review/use-review-session.ts), reading each next one from the screen-data route.
export default async function TrajectoryReviewPage({ params, searchParams }: Props) {
  const { slug, trajectoryId } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const screen = await loadTrajectoryScreen(db(), project, access, trajectoryId, await searchParams);
  if (!screen) notFound();
  return (
    // Pulled up into the layout's top padding on wide windows, and its bottom padding taken
    // back: the review screen fills the window below it down to a few pixels above its foot
    // (components/trajectory-review/use-fill-window.ts counts this margin).
    <div className="space-y-2 lg:-mt-5 lg:-mb-8">
      <TrajectoryReviewSession initial={screen} />
    </div>
  );
}
