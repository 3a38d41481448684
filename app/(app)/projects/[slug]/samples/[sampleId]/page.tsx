import { notFound } from "next/navigation";
import { SampleReviewSession } from "@/components/review/sample-review-session";
import { loadSampleScreen } from "@/lib/api/review-screens/sample-screen";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string; sampleId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("meta.reviewSample");

// The first item of a review session: the screen moves on from here on the client
// (components/review/use-review-session.ts), reading each next item from the screen-data route.
export default async function SampleReviewPage({ params, searchParams }: Props) {
  const { slug, sampleId } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const screen = await loadSampleScreen(db(), project, access, sampleId, await searchParams);
  if (!screen) notFound();
  // Wider than the app's 72rem column: the screenshot is the workspace and takes the window's
  // width less a 1rem margin each side (the column stays centred, so this is symmetric). The
  // workspace ends 12px above the window's foot (use-remaining-height.ts), so from lg up the
  // main column's bottom padding is taken back, or the page would scroll by it.
  return (
    <div className="ml-[calc(50%-50vw+1rem)] w-[calc(100vw-2rem)] space-y-3 lg:-mb-8">
      <SampleReviewSession initial={screen} />
    </div>
  );
}
