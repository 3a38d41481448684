// Per-project roles, ordered: each role can do everything the ones before it can.
import { z } from "zod";

export const ROLES = ["annotator", "reviewer", "admin"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export function roleAtLeast(role: string, needed: Role): boolean {
  const have = ROLES.indexOf(role as Role);
  return have >= 0 && have >= ROLES.indexOf(needed);
}

/** Reviewers, admins and the site owner may settle items (pin final answers, override judges). */
export function isReviewerRole(role: string): boolean {
  return role === "owner" || roleAtLeast(role, "reviewer");
}
