// The one gate for paths inside a source: every name a zip declares and every path a caller
// asks `read`/`has` for passes here, so nothing can address a file outside the archive or
// directory it came from. Refused: absolute paths, drive letters, ".." anywhere, NUL bytes and
// backslashes. A backslash is refused rather than read as a separator because it is a legal
// name character on Unix and a separator on Windows: the same name would mean two files.
// "%2e%2e" is not decoded: it is a literal (and harmless) file name.

export type SourcePathCheck = { path: string } | { refused: string };

export function checkSourcePath(raw: string): SourcePathCheck {
  if (raw.includes("\0")) return { refused: "name contains a NUL byte" };
  if (/^[\\/]/.test(raw)) return { refused: "absolute path" };
  if (/^[A-Za-z]:/.test(raw)) return { refused: "path starts with a drive letter" };
  // Split on both separators so "..\\evil" is named for what it tries, not just its backslash.
  if (raw.split(/[\\/]/).includes("..")) return { refused: "path climbs out with '..'" };
  if (raw.includes("\\")) return { refused: "name contains a backslash" };
  const segments = raw.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0) return { refused: "empty path" };
  return { path: segments.join("/") };
}
