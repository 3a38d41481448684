// Per-project roles, ordered: each role can do everything the ones before it can.
import { z } from "zod";

export const ROLES = ["annotator", "reviewer", "admin"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export function roleAtLeast(role: string, needed: Role): boolean {
  const have = ROLES.indexOf(role as Role);
  return have >= 0 && have >= ROLES.indexOf(needed);
}
