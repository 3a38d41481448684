import "server-only";
// A project admin chooses a pool's local directory, so it is confined to directories the
// operator allowed: <data dir>/pools and VERITY_POOL_ROOTS. Checked when a pool is saved and
// again before every export (the roots may have changed since).
import path from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** Why a local target path is not acceptable, or null. `roots`: absolute directories it may live under. */
export function localTargetProblem(uri: string, roots: readonly string[]): string | null {
  if (!path.isAbsolute(uri)) return "must be an absolute directory path";
  if (uri.split(/[\\/]/).includes("..")) return "must not contain '..'";
  const resolved = path.resolve(uri);
  const inside = roots.some((root) => resolved === root || resolved.startsWith(`${root}${path.sep}`));
  if (!inside) return `must be inside one of the pool roots: ${roots.join(", ")} (VERITY_POOL_ROOTS adds more)`;
  return null;
}

export function assertAllowedTarget(target: { targetType: string; targetUri: string }, roots: readonly string[] = env().poolRoots): void {
  if (target.targetType !== "local") return;
  const problem = localTargetProblem(target.targetUri, roots);
  if (problem) throw new AppError("invalid_input", `Target directory ${problem}.`);
}
