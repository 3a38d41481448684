// A view of a source below one of its folders ("run-42/"): paths are relative to that folder,
// as they are when an uploaded folder or archive is unwrapped to its content. Used to read a
// zip's entries in place under the same paths its unpacked records use.
import type { FileSource } from "@/lib/imports/sources/file-source";
import { SourceEntryNotFoundError } from "@/lib/imports/sources/source-errors";
import { checkSourcePath } from "@/lib/imports/sources/source-path";

export function prefixedSource(source: FileSource, prefix: string): FileSource {
  if (prefix === "") return source;
  const base = prefix.endsWith("/") ? prefix : `${prefix}/`;
  const inner = (requested: string) => {
    const checked = checkSourcePath(requested);
    return "path" in checked ? `${base}${checked.path}` : requested;
  };
  return {
    kind: source.kind,
    async *list() {
      for await (const file of source.list()) if (file.path.startsWith(base)) yield { path: file.path.slice(base.length), size: file.size };
    },
    has: (requested) => source.has(inner(requested)),
    async read(requested) {
      try {
        return await source.read(inner(requested));
      } catch (error) {
        if (error instanceof SourceEntryNotFoundError) throw new SourceEntryNotFoundError(requested, base);
        throw error;
      }
    },
    close: () => source.close(),
  };
}
