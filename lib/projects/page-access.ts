import "server-only";
// Pages under /projects/[slug] resolve the project and the caller's role in one place:
// signed out -> sign-in, unknown or foreign project -> 404, too low a role -> 403.
import { forbidden, notFound, redirect } from "next/navigation";
import { currentUser, type ProjectAccess } from "@/lib/auth/session";
import { authorizeProject } from "@/lib/auth/session-user";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { findProjectBySlug } from "@/lib/projects/projects";

export async function projectPageAccess(slug: string, needed: Role) {
  const user = await currentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(`/projects/${slug}`)}`);
  const project = await findProjectBySlug(db(), slug);
  if (!project) notFound();
  let access: ProjectAccess;
  try {
    access = await authorizeProject(user, project.id, needed);
  } catch (error) {
    if (isAppError(error) && error.code === "forbidden") forbidden();
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
  return { project, access };
}
