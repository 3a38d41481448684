import "server-only";
// Route handlers under /api/projects/[projectId]/...: authenticate, then authorize the
// caller's role on that project before the handler sees anything.
import type { NextRequest } from "next/server";
import { authorizeProject, type ProjectAccess } from "@/lib/auth/session-user";
import type { Role } from "@/lib/auth/roles";
import { authedRoute } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { isRowId } from "@/lib/ids/row-id-shape";

type Handler<P> = (input: { request: NextRequest; access: ProjectAccess; params: P }) => Promise<Response>;

export function projectRoute<P extends { projectId: string }>(role: Role, handler: Handler<P>) {
  return authedRoute<P>(async ({ request, user, params }) => {
    if (!isRowId(params.projectId)) throw new AppError("not_found", "No such project.");
    const access = await authorizeProject(user, params.projectId, role);
    return handler({ request, access, params });
  });
}
