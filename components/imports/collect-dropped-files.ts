// Turns a drop (files and whole folders) or a file input into (relative path, File) pairs.
// Folders are walked through the File System entries API that browsers expose on drops.
export type PickedFile = { path: string; file: File };

type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (ok: (f: File) => void, fail: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: Entry[]) => void, fail: (e: unknown) => void) => void };
};

async function walk(entry: Entry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    out.push({ path, file });
    return;
  }
  if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    // readEntries returns the entries in chunks until it returns none.
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, path, out);
    }
  }
}

export async function collectDropped(items: DataTransferItemList): Promise<PickedFile[]> {
  const entries = [...items]
    .map((item) => item.webkitGetAsEntry() as unknown as Entry | null)
    .filter((e): e is Entry => e !== null);
  const out: PickedFile[] = [];
  for (const entry of entries) await walk(entry, "", out);
  return out;
}

export function collectInput(files: FileList): PickedFile[] {
  return [...files].map((file) => ({ path: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name, file }));
}
