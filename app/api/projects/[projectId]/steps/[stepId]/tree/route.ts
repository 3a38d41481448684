import { projectRoute } from "@/lib/http/project-route";
import { serveUiTree } from "@/lib/trajectories/serve-ui-tree";

// GET: a step's UI tree (XML / accessibility dump) as plain text, to members of its project.
export const GET = projectRoute<{ projectId: string; stepId: string }>("annotator", ({ access, params }) => serveUiTree(access.projectId, params.stepId));
