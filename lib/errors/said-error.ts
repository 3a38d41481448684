// An AppError whose message is a catalogue key (lib/i18n/said.ts): English as its message for
// API v1 bodies and logs, the key for screens, which show it in the reader's language.
import { AppError, type ErrorCode } from "@/lib/errors";
import type { MessageKey, ParamsOf } from "@/lib/i18n/translate";
import { said, sayIn } from "@/lib/i18n/said";
import { translator } from "@/lib/i18n/translate";

const english = translator("en");

export function saidError<K extends MessageKey>(code: ErrorCode, key: K, ...params: ParamsOf<K>): AppError {
  const message = said(key, ...params);
  return new AppError(code, sayIn(english, message), undefined, message);
}

/** The same with details for API clients (kept out of the screen's sentence). */
export function saidErrorWith<K extends MessageKey>(code: ErrorCode, details: unknown, key: K, ...params: ParamsOf<K>): AppError {
  const message = said(key, ...params);
  return new AppError(code, sayIn(english, message), details, message);
}
