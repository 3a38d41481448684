import "server-only";
// A project admin chooses a pool's local directory, so it is confined to directories the
// operator allowed: <data dir>/pools and VERITY_POOL_ROOTS. Confinement is judged on real
// paths: the target's own, or for a directory not there yet its nearest existing parent's
// (a symlinked parent, roots/pools/escape -> /elsewhere, leads outside and is refused). A
// pool stores the real path it was saved with; before every export it is checked again and
// must still be its own real path, so a directory on the way swapped for a symlink since then
// stops the export instead of writing through it.
import path from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isInside, nearestRealPath, realRoots } from "@/lib/fs/real-path";

/** Why a local target path is not acceptable, or null. `roots`: absolute directories it may live under. */
export async function localTargetProblem(uri: string, roots: readonly string[]): Promise<string | null> {
  if (!path.isAbsolute(uri)) return "must be an absolute directory path";
  if (uri.split(/[\\/]/).includes("..")) return "must not contain '..'";
  const { real } = await nearestRealPath(uri);
  const inside = (await realRoots(roots)).some((root) => isInside(root, real));
  if (!inside) return `must be inside one of the pool roots: ${roots.join(", ")} (VERITY_POOL_ROOTS adds more), symbolic links on the way followed`;
  return null;
}

/** What a local target is stored as: its real path (see the header). */
export async function realTargetPath(uri: string): Promise<string> {
  return (await nearestRealPath(uri)).real;
}

export async function assertAllowedTarget(target: { targetType: string; targetUri: string }, roots: readonly string[] = env().poolRoots): Promise<void> {
  if (target.targetType !== "local") return;
  const problem = await localTargetProblem(target.targetUri, roots);
  if (problem) throw new AppError("invalid_input", `Target directory ${problem}.`);
}

/** Before an export: still inside the roots, and nothing on the way became a symbolic link. */
export async function assertExportableTarget(target: { targetType: string; targetUri: string }, roots: readonly string[] = env().poolRoots): Promise<void> {
  await assertAllowedTarget(target, roots);
  if (target.targetType !== "local") return;
  const real = await realTargetPath(target.targetUri);
  if (real !== path.resolve(target.targetUri)) {
    throw new AppError("invalid_input", `Target directory ${target.targetUri} now leads through a symbolic link (to ${real}); nothing was written. Save the pool again to accept where it leads.`);
  }
}
