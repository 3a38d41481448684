import "server-only";
// The one wrapper of every route handler: it authenticates the caller before the handler
// runs and turns AppError (and anything unexpected) into a JSON error with the right status.
import { NextResponse, type NextRequest } from "next/server";
import { requireUser, type CurrentUser } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { databaseUnavailable } from "@/lib/db-unavailable";
import { assertSameOrigin } from "@/lib/http/request-guards";

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (input: { request: NextRequest; user: CurrentUser; params: P }) => Promise<Response>;

export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    return NextResponse.json({ error: { code: error.code, message: error.message } }, { status: error.status });
  }
  console.error(error);
  const unavailable = databaseUnavailable(error);
  if (unavailable) return errorResponse(unavailable);
  return NextResponse.json({ error: { code: "internal", message: "Something went wrong on the server." } }, { status: 500 });
}

export function authedRoute<P>(handler: Handler<P>) {
  return async (request: NextRequest, context: RouteContext<P>): Promise<Response> => {
    try {
      const user = await requireUser();
      assertSameOrigin(request);
      return await handler({ request, user, params: await context.params });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
