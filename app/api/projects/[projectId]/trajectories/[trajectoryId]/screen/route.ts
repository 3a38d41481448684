import { projectRoute } from "@/lib/http/project-route";
import { loadTrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";
import { screenReply } from "@/lib/api/review-screens/screen-reply";

// GET: the trajectory review screen of one trajectory as data, for members of its project: what
// the page at /projects/<slug>/trajectories/<id> renders, with the same query (the list's
// filters, queue mode's claim). The screen prefetches its next item here and swaps to it on a submit.
export const GET = projectRoute<{ projectId: string; trajectoryId: string }>("annotator", ({ request, access, params }) =>
  screenReply(request, access, params.trajectoryId, loadTrajectoryScreen, "No such trajectory."),
);
