import { projectRoute } from "@/lib/http/project-route";
import { serveUiTree } from "@/lib/trajectories/serve-ui-tree";

// GET: a step's UI tree (XML / accessibility dump) as plain text, to members of its project;
// ?view=agent: the tree as the agent was shown it (AndroidLab's compressed text), when stored.
export const GET = projectRoute<{ projectId: string; stepId: string }>("annotator", ({ access, params, request }) =>
  serveUiTree(access.projectId, params.stepId, new URL(request.url).searchParams.get("view") === "agent" ? "agent" : "dump"),
);
