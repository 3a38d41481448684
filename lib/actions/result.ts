// What a server action hands back to its form: never a thrown error (which Next.js would
// hide behind a generic message in production), always a result the form can show.
import { z } from "zod";
import { isAppError } from "@/lib/errors";
import { databaseUnavailable } from "@/lib/db-unavailable";

export type ActionResult =
  | { ok: true; message: string; secret?: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

export const IDLE: ActionResult | null = null;

export function failure(error: unknown): ActionResult {
  if (error instanceof z.ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
    const summary = Object.entries(fieldErrors).map(([field, message]) => `${field} ${message}`);
    return { ok: false, error: `Check the form: ${summary.join("; ")}.`, fieldErrors };
  }
  if (isAppError(error)) return { ok: false, error: error.message };
  console.error(error);
  const unavailable = databaseUnavailable(error);
  if (unavailable) return { ok: false, error: unavailable.message };
  return { ok: false, error: "Something went wrong on the server; nothing was changed." };
}

export async function runAction(work: () => Promise<ActionResult>): Promise<ActionResult> {
  try {
    return await work();
  } catch (error) {
    return failure(error);
  }
}

export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}
