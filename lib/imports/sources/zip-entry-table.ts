// The accepted entries of one archive: where each one's data starts and what the central
// directory promised about it. Kept in typed columns, not one object per entry, because an
// archive may hold millions of screenshots and the table lives as long as the import.
export type ZipEntryLocation = {
  localHeaderOffset: number;
  compressedSize: number;
  size: number;
  isDeflated: boolean;
  crc32: number;
};

export type ZipEntryTable = {
  add(path: string, location: ZipEntryLocation): void;
  has(path: string): boolean;
  get(path: string): ZipEntryLocation | undefined;
  /** In central-directory order. */
  files(): Generator<{ path: string; size: number }>;
};

export function createZipEntryTable(capacity: number): ZipEntryTable {
  const rowByPath = new Map<string, number>();
  // Float64 holds every offset and size exactly up to 2^53 (zip64 values included).
  const offsets = new Float64Array(capacity);
  const compressedSizes = new Float64Array(capacity);
  const sizes = new Float64Array(capacity);
  const crcs = new Uint32Array(capacity);
  const deflated = new Uint8Array(capacity);

  return {
    add(path, location) {
      const row = rowByPath.size;
      if (row >= capacity) throw new Error(`zip entry table is full (${capacity} rows)`);
      offsets[row] = location.localHeaderOffset;
      compressedSizes[row] = location.compressedSize;
      sizes[row] = location.size;
      crcs[row] = location.crc32;
      deflated[row] = location.isDeflated ? 1 : 0;
      rowByPath.set(path, row);
    },
    has(path) {
      return rowByPath.has(path);
    },
    get(path) {
      const row = rowByPath.get(path);
      if (row === undefined) return undefined;
      return {
        localHeaderOffset: offsets[row]!,
        compressedSize: compressedSizes[row]!,
        size: sizes[row]!,
        isDeflated: deflated[row] === 1,
        crc32: crcs[row]!,
      };
    },
    *files() {
      for (const [path, row] of rowByPath) yield { path, size: sizes[row]! };
    },
  };
}
