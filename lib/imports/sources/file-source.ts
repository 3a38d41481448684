// What the importer reads files through, whether the upload is an unpacked directory or a
// zip it never unpacks. Paths are always canonical: relative to the source's root,
// "/"-separated, no "." / ".." / empty segments (see source-path.ts). A source is a snapshot
// taken when it was opened: `list` and `has` answer from that listing, and `read` only serves
// paths that are in it.

export type SourceFile = { path: string; size: number };

export type FileSource = {
  kind: "directory" | "zip";
  list(): AsyncIterable<SourceFile>;
  /** The whole file. Throws SourceRefusedError for an unsafe or refused path,
   * SourceEntryNotFoundError for a path that is not in the source. */
  read(path: string): Promise<Buffer>;
  /** False for any path `read` would not serve, unsafe ones included. */
  has(path: string): Promise<boolean>;
  close(): Promise<void>;
};

/** An entry skipped when the source was opened: reported to the user, never read. `path` is
 * the name as the archive or directory spelled it, which may not be a valid source path. */
export type RejectedPath = { path: string; reason: string };

export type OpenedSource = { source: FileSource; rejected: RejectedPath[] };
