// Domain and server code throw AppError with one of a small closed set of codes; route
// handlers and server actions translate it once (lib/http/route.ts, lib/actions/run-action.ts).
import type { Said } from "@/lib/i18n/said";

export const ERROR_STATUS = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_input: 400,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** The message as a catalogue key, for screens in the reader's language (lib/errors/said-error.ts). */
    readonly said?: Said,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
