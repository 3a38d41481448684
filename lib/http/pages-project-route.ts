import "server-only";
// The project routes served by the pages router (pages/api/...): the two answer routes of the
// review screens, the annotation hot path. An app-router route handler costs about 1 ms of CPU a
// request in Next.js's own machinery (web streams for the body and the reply, the route
// module's preparation), a pages-router API route about 0.4 ms (bench/load-results.md), and
// these two routes carry every save and submit. The checks are the ones lib/http/route.ts and
// lib/http/project-route.ts make, in the same order, from the same functions: the session
// (lib/auth/session-user.ts), the origin, the caller's role on the project, a bounded body
// validated by a zod schema, errors as the same JSON in the reader's language.
import type { NextApiRequest, NextApiResponse } from "next";
import type { z } from "zod";
import { authorizeProject, signedIn, userOfSessionCookies, type ProjectAccess } from "@/lib/auth/session-user";
import type { Role } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { readBoundedNodeBody } from "@/lib/http/bounded-body";
import { errorReply } from "@/lib/http/error-reply";
import { MAX_JSON_BODY_BYTES, parseJsonBody } from "@/lib/http/json-body";
import { assertSameOriginOf, type RequestHead } from "@/lib/http/request-guards";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n/locales";
import { translator, type Translate } from "@/lib/i18n/translate";
import { isRowId } from "@/lib/ids/row-id-shape";

type Handler<S extends z.ZodType, K extends string> = (input: { access: ProjectAccess; params: Record<K, string>; body: z.infer<S>; t: Translate }) => Promise<unknown>;

/** A path segment of the route, or not_found when it is missing or repeated. */
function segment(request: NextApiRequest, name: string): string {
  const value = request.query[name];
  if (typeof value !== "string") throw new AppError("not_found", "Not found.");
  return value;
}

/**
 * A same-origin JSON POST on a project (`role` at least), with the path segments `params`, the
 * body schema `body` and its bound `maxBytes` (MAX_JSON_BODY_BYTES unless given); the handler's
 * result is the 200 reply. The page file must turn Next.js's body parser off
 * (`export const config = { api: { bodyParser: false } }`).
 */
export function pagesProjectRoute<S extends z.ZodType, K extends string>(role: Role, route: { params: readonly K[]; body: S; maxBytes?: number }, handler: Handler<S, K>) {
  return async (request: NextApiRequest, response: NextApiResponse): Promise<void> => {
    // As the app router answers a method a route does not export: 405, before anything is read.
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST");
      response.status(405).end();
      return;
    }
    const t = translator(pickLocale(request.cookies[LOCALE_COOKIE], request.headers["accept-language"]));
    try {
      const user = signedIn(await userOfSessionCookies(request.cookies));
      const head: RequestHead = { method: request.method, header: (name) => headerOf(request, name) };
      // In the app routes' order: a foreign Origin is refused at once; a missing one, which
      // these routes require, once access to the project is known, so a non-member gets 404.
      assertSameOriginOf(head);
      const projectId = segment(request, "projectId");
      if (!isRowId(projectId)) throw new AppError("not_found", "No such project.");
      const access = await authorizeProject(user, projectId, role);
      assertSameOriginOf(head, { required: true });
      const params = Object.fromEntries(route.params.map((name) => [name, segment(request, name)])) as Record<K, string>;
      const body = parseJsonBody(await readBoundedNodeBody(request, route.maxBytes ?? MAX_JSON_BODY_BYTES), route.body);
      response.status(200).json(await handler({ access, params, body, t }));
    } catch (error) {
      const { status, body } = errorReply(error, t);
      response.status(status).json(body);
    }
  };
}

function headerOf(request: NextApiRequest, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
