import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";
import { saidError } from "@/lib/errors/said-error";

export const SlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "must be 2-63 characters: lowercase letters, digits and dashes");

export const NewProjectSchema = z.object({
  slug: SlugSchema,
  name: z.string().trim().min(1, "is required").max(200),
  description: z.string().trim().max(2000).default(""),
});

export async function createProject(db: Db, input: z.input<typeof NewProjectSchema>) {
  const data = NewProjectSchema.parse(input);
  if (await db.project.findUnique({ where: { slug: data.slug } })) {
    throw saidError("conflict", "messages.projectSlugTaken", { slug: data.slug });
  }
  // A new project's values are derived by the code that runs now: nothing to recompute at start-up.
  return db.project.create({ data: { ...data, settings: ProjectSettingsSchema.parse({}), derivationCode: DERIVATION_CODE_VERSION } });
}

// The projects a user sees: all of them for the owner, their memberships otherwise.
export async function listProjectsFor(db: Db, user: { id: string; isOwner: boolean }) {
  const projects = await db.project.findMany({
    where: user.isOwner ? {} : { memberships: { some: { userId: user.id } } },
    orderBy: { name: "asc" },
    include: {
      memberships: { where: { userId: user.id }, select: { role: true } },
      _count: { select: { samples: true, trajectories: true, memberships: true } },
    },
  });
  return projects.map(({ memberships, ...p }) => ({ ...p, role: user.isOwner ? "owner" : memberships[0]?.role ?? null }));
}

/** The projects the header's switcher names, on every page: names only. Counting each project's
 * samples and trajectories here (listProjectsFor) cost every page ~150 ms at 1M items (issue 38). */
export async function listProjectNamesFor(db: Db, user: { id: string; isOwner: boolean }): Promise<{ slug: string; name: string }[]> {
  return db.project.findMany({
    where: user.isOwner ? {} : { memberships: { some: { userId: user.id } } },
    orderBy: { name: "asc" },
    select: { slug: true, name: true },
  });
}

export async function findProjectBySlug(db: Db, slug: string) {
  const parsed = SlugSchema.safeParse(slug);
  if (!parsed.success) return null;
  return db.project.findUnique({ where: { slug: parsed.data } });
}
