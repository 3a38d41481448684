import "server-only";
// A project admin chooses a pool's local directory, so it is confined to directories the
// operator allowed: <data dir>/pools and VERITY_POOL_ROOTS. Confinement is judged on real
// paths: the target's own, or for a directory not there yet its nearest existing parent's
// (a symlinked parent, roots/pools/escape -> /elsewhere, leads outside and is refused). A
// pool stores the real path it was saved with; before every export it is checked again and
// must still be its own real path, so a directory on the way swapped for a symlink since then
// stops the export instead of writing through it. A root itself is never a target (every other
// pool would nest in it).
import path from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { said, sayIn, type Said } from "@/lib/i18n/said";
import { saidError } from "@/lib/errors/said-error";
import { translator } from "@/lib/i18n/translate";
import { isInside, nearestRealPath, realRoots } from "@/lib/fs/real-path";

const english = translator("en");

/** Why a local target path is not acceptable, as a catalogue sentence (lib/i18n/said.ts), or null.
 * `roots`: absolute directories it may live under. */
export async function localTargetRefusal(uri: string, roots: readonly string[]): Promise<Said | null> {
  if (!path.isAbsolute(uri)) return said("checks.targetNotAbsolute");
  if (uri.split(/[\\/]/).includes("..")) return said("checks.targetHasDotDot");
  const { real } = await nearestRealPath(uri);
  const realRootPaths = await realRoots(roots);
  if (!realRootPaths.some((root) => isInside(root, real))) return said("checks.targetOutsideRoots", { roots: roots.join(", ") });
  // A root itself would hold this pool and nest every other pool under it: each later pool
  // would then be refused as overlapping this one. A pool gets a directory of its own.
  const root = realRootPaths.find((r) => r === real);
  if (root) return said("checks.targetIsRoot", { root });
  return null;
}

/** The same in English words, or null. */
export async function localTargetProblem(uri: string, roots: readonly string[]): Promise<string | null> {
  const refusal = await localTargetRefusal(uri, roots);
  return refusal && sayIn(english, refusal);
}

/** What a local target is stored as: its real path (see the header). */
export async function realTargetPath(uri: string): Promise<string> {
  return (await nearestRealPath(uri)).real;
}

export async function assertAllowedTarget(target: { targetType: string; targetUri: string }, roots: readonly string[] = env().poolRoots): Promise<void> {
  if (target.targetType !== "local") return;
  const refusal = await localTargetRefusal(target.targetUri, roots);
  if (refusal) throw new AppError("invalid_input", sayIn(english, refusal), undefined, refusal);
}

/** Before an export: still inside the roots, and nothing on the way became a symbolic link. */
export async function assertExportableTarget(target: { targetType: string; targetUri: string }, roots: readonly string[] = env().poolRoots): Promise<void> {
  await assertAllowedTarget(target, roots);
  if (target.targetType !== "local") return;
  const real = await realTargetPath(target.targetUri);
  if (real !== path.resolve(target.targetUri)) {
    throw saidError("invalid_input", "checks.targetThroughSymlink", { target: target.targetUri, real });
  }
}
