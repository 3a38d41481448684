import "server-only";
// The one wrapper of every route handler: it authenticates the caller before the handler
// runs and turns AppError (and anything unexpected) into a JSON error with the right status.
// These routes answer the app's own screens, so a message said with a catalogue key
// (lib/errors/said-error.ts) is in the reader's language; API v1 (lib/http/api-v1-route.ts)
// calls errorResponse without a translator, and its bodies stay English for machines.
import { NextResponse, type NextRequest } from "next/server";
import { requireUser, type CurrentUser } from "@/lib/auth/session";
import { errorReply } from "@/lib/http/error-reply";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (input: { request: NextRequest; user: CurrentUser; params: P }) => Promise<Response>;

export function errorResponse(error: unknown, t?: Translate): Response {
  const { status, body } = errorReply(error, t);
  return NextResponse.json(body, { status });
}

export function authedRoute<P>(handler: Handler<P>) {
  return async (request: NextRequest, context: RouteContext<P>): Promise<Response> => {
    try {
      const user = await requireUser();
      assertSameOrigin(request);
      return await handler({ request, user, params: await context.params });
    } catch (error) {
      return errorResponse(error, (await getT()).t);
    }
  };
}
