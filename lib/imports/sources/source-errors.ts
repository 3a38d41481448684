// Errors a source throws to its caller. Plain Error subclasses so this folder depends on no
// app module; the caller maps them to AppError codes (refused -> invalid_input, limit ->
// too_large, not found -> not_found). `subject` is what the message is about: the archive or
// directory name for whole-source refusals, the entry path for one file.

export class SourceRefusedError extends Error {
  readonly subject: string;
  readonly reason: string;

  constructor(subject: string, reason: string, options?: ErrorOptions) {
    super(`${subject}: ${reason}`, options);
    this.name = "SourceRefusedError";
    this.subject = subject;
    this.reason = reason;
  }
}

/** A refusal because a limit in SourceLimits was exceeded. */
export class SourceLimitError extends SourceRefusedError {
  constructor(subject: string, reason: string) {
    super(subject, reason);
    this.name = "SourceLimitError";
  }
}

export class SourceEntryNotFoundError extends Error {
  readonly path: string;

  constructor(path: string, sourceName: string) {
    super(`${path}: not found in ${sourceName}`);
    this.name = "SourceEntryNotFoundError";
    this.path = path;
  }
}
