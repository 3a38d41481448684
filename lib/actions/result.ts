// What a server action hands back to its form: never a thrown error (which Next.js would
// hide behind a generic message in production), always a result the form can show, in the
// reader's language (lib/actions/run-action.ts hands the translator in).
import { z } from "zod";
import { isAppError } from "@/lib/errors";
import { databaseUnavailable } from "@/lib/db/unavailable";
import { sayIn } from "@/lib/i18n/said";
import { translator, type Translate } from "@/lib/i18n/translate";

export type ActionResult =
  | { ok: true; message: string; secret?: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

export const IDLE: ActionResult | null = null;

/** A refused or failed action in words of the translator's language. An AppError thrown with
 * a catalogue key (lib/errors/said-error.ts) is translated; one with a plain English message
 * (the domain checks not converted yet) is shown as it is. */
export function failureIn(t: Translate, error: unknown): ActionResult & { ok: false } {
  if (error instanceof z.ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
    // Messages read after their field's name ("temperature must be above 0"); a value parsed on
    // its own (no field) is said alone.
    const summary = Object.entries(fieldErrors).map(([field, message]) => (field === "form" ? message : `${field} ${message}`));
    return { ok: false, error: t("messages.checkForm", { problems: summary.join(t("messages.listSeparator")) }), fieldErrors };
  }
  if (isAppError(error)) return { ok: false, error: error.said ? sayIn(t, error.said) : error.message };
  console.error(error);
  const unavailable = databaseUnavailable(error);
  if (unavailable) return { ok: false, error: unavailable.said ? sayIn(t, unavailable.said) : unavailable.message };
  return { ok: false, error: t("messages.serverError") };
}

/** The same in English, for the CLI. */
export function failure(error: unknown): ActionResult {
  return failureIn(translator("en"), error);
}

export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}
