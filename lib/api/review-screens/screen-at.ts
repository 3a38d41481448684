import "server-only";
// The screen at a review page's address, read as the screen-data routes read it. A queue-mode
// submit's reply names the caller's next item by its address (lib/api/answer-save-reply.ts);
// with that item's screen in the same reply, the screen swaps to it without asking again
// (issue 38: one round trip from Ctrl+Enter to the next item's data).
import type { ProjectAccess } from "@/lib/auth/session-user";
import type { Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { asJson } from "@/lib/db/sql-reader";
import { loadSampleScreen, type ScreenProject } from "@/lib/api/review-screens/sample-screen";
import { searchOf } from "@/lib/api/review-screens/screen-search";
import { loadTrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";

const ADDRESS = /^\/projects\/([^/?#]+)\/(samples|trajectories)\/([^/?#]+)(?:\?([^#]*))?$/;

/** The caller's project as a screen shows it (null: gone). */
export async function screenProject(db: Db, access: ProjectAccess): Promise<ScreenProject | null> {
  // Raw: read for every screen (issue 38: each Prisma call compiles its query again).
  const [row] = await execFor(db).all<ScreenProject>(`SELECT "id", "slug", "name", "settings" FROM "Project" WHERE "id" = ?`, [access.projectId]);
  return row ? { ...row, settings: asJson(row.settings) } : null;
}

/** The screen at `address` in the caller's project, or null when the address is no review screen of it. */
export async function screenAt(db: Db, access: ProjectAccess, address: string): Promise<unknown> {
  const match = ADDRESS.exec(address);
  if (!match) return null;
  const [, slug, kind, itemId, query] = match as unknown as [string, string, "samples" | "trajectories", string, string | undefined];
  const project = await screenProject(db, access);
  if (!project || project.slug !== decodeURIComponent(slug)) return null;
  const load = kind === "samples" ? loadSampleScreen : loadTrajectoryScreen;
  return load(db, project, access, decodeURIComponent(itemId), searchOf(new URLSearchParams(query ?? "")));
}
