import "server-only";
// The screen-data routes' reply: the screen a review page would render at the same address,
// as JSON, for the review screens' client swap (components/review/use-review-session.ts).
// Per caller and per moment (the standing, the caller's own answer), so never cached.
import { NextResponse } from "next/server";
import type { ProjectAccess } from "@/lib/auth/session-user";
import { db, type Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { screenProject } from "@/lib/api/review-screens/screen-at";
import { searchOf, type ScreenSearch } from "@/lib/api/review-screens/screen-search";
import type { ScreenProject } from "@/lib/api/review-screens/sample-screen";

type Loader<S> = (db: Db, project: ScreenProject, access: ProjectAccess, itemId: string, search: ScreenSearch) => Promise<S | null>;

export async function screenReply<S>(request: Request, access: ProjectAccess, itemId: string, load: Loader<S>, missing: string): Promise<Response> {
  const project = await screenProject(db(), access);
  if (!project) throw new AppError("not_found", "No such project.");
  const screen = await load(db(), project, access, itemId, searchOf(new URL(request.url).searchParams));
  if (!screen) throw new AppError("not_found", missing);
  return NextResponse.json({ screen }, { headers: { "cache-control": "private, no-store" } });
}
