import "server-only";
// Runs a server action's work with the reader's translator (their language cookie, else the
// browser's Accept-Language: lib/i18n/server.ts) and turns anything thrown into a result in
// that language. Kept apart from result.ts, which the CLI imports too (no request there).
import { failureIn, type ActionResult } from "@/lib/actions/result";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

export async function runAction<R extends { ok: boolean } = ActionResult>(work: (t: Translate) => Promise<R>): Promise<R | (ActionResult & { ok: false })> {
  const { t } = await getT();
  try {
    return await work(t);
  } catch (error) {
    return failureIn(t, error);
  }
}

/** For actions that return their own result shape: the error of a failure, in the reader's language. */
export async function failureText(error: unknown): Promise<string> {
  const { t } = await getT();
  return failureIn(t, error).error;
}
