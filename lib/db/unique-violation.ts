// Whether a write failed because a unique row already exists: the answer every "first writer
// wins" path needs (a versioned save, a connection's name, a slot lease, a rate window, a drawn
// sample). One reading of the drivers' words, so a new driver path is taught here once:
// Prisma's own unique violation (P2002), better-sqlite3's code, node-postgres's SQLSTATE 23505
// (the hot path's own pool), and PostgreSQL's through a Prisma raw query (P2010, "Raw query
// failed", with the driver's kind or its SQLSTATE kept).
// Pure.
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta, message } = error as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
  if (code === "P2002" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505") return true;
  return code === "P2010" && (meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation" || (typeof message === "string" && message.includes("`23505`")));
}
