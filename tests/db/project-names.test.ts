// The header's project switcher, on every page (app/(app)/layout.tsx): the projects a person may
// open, by name, on SQLite and PostgreSQL. Names only: the projects page's counts of samples and
// trajectories (listProjectsFor) are not read here, since counting a million rows on every page
// load was most of a review page's server time (issue 38).
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { queueProject } from "./queue-support";
import { listProjectNamesFor, listProjectsFor } from "@/lib/projects/projects";

describe.each(PROVIDERS)("the header's projects on %s", (provider) => {
  it("a member sees their projects by name, an owner sees every project, a stranger none", async () => {
    const { db, project, person } = await queueProject(provider, { ann: "annotator" });
    const other = await db.project.create({ data: { slug: "a-first", name: "A first", settings: {} } });
    const stranger = await db.user.create({ data: { email: "stranger@x.test", name: "stranger" } });
    const ann = person("ann").user;
    expect(await listProjectNamesFor(db, ann)).toEqual([{ slug: project.slug, name: project.name }]);
    expect(await listProjectNamesFor(db, { id: stranger.id, isOwner: false })).toEqual([]);
    expect(await listProjectNamesFor(db, { id: stranger.id, isOwner: true })).toEqual([
      { slug: other.slug, name: "A first" },
      { slug: project.slug, name: project.name },
    ]);
    // The same projects as the projects page lists, in the same order.
    const listed = await listProjectsFor(db, { id: stranger.id, isOwner: true });
    expect(listed.map((p) => p.slug)).toEqual([other.slug, project.slug]);
  });
});
