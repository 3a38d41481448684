import { projectRoute } from "@/lib/http/project-route";
import { loadSampleScreen } from "@/lib/api/review-screens/sample-screen";
import { screenReply } from "@/lib/api/review-screens/screen-reply";

// GET: the grounding review screen of one sample as data, for members of its project: what the
// page at /projects/<slug>/samples/<id> renders, with the same query (the list's filters, queue
// mode's claim). The screen prefetches its next item here and swaps to it on a submit.
export const GET = projectRoute<{ projectId: string; sampleId: string }>("annotator", ({ request, access, params }) =>
  screenReply(request, access, params.sampleId, loadSampleScreen, "No such sample."),
);
