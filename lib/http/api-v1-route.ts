import "server-only";
// The wrapper of every /api/v1 route: a project API token authenticates the caller, the
// token's project must be the one in the path (another project's id answers 404), and its
// role must reach the route's role.
import type { NextRequest } from "next/server";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/route";
import { authenticateApiToken, type TokenAccess } from "@/lib/tokens/tokens";

type Handler<P> = (input: { request: NextRequest; access: TokenAccess; params: P }) => Promise<Response>;

export function apiV1Route<P extends { projectId: string }>(role: Role, handler: Handler<P>) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const access = await authenticateApiToken(db(), request.headers.get("authorization"));
      const params = await context.params;
      if (params.projectId !== access.projectId) throw new AppError("not_found", "No such project.");
      if (!roleAtLeast(access.role, role)) throw new AppError("forbidden", `This needs a token with the ${role} role.`);
      return await handler({ request, access, params });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
