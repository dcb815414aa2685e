/**
 * The files of a drop, folders included. `DataTransfer.files` lists a dropped folder as one
 * empty entry, so a folder is walked through the entries API (Chromium, Firefox and Safari all
 * have `webkitGetAsEntry`); a plain file drop needs none of it.
 */
export interface Dropped {
  readonly files: File[];
  /** A folder was among the items: the files go to the corpus, not the debugger. */
  readonly folder: boolean;
}

function entryFile(e: FileSystemFileEntry, path: string): Promise<File | null> {
  return new Promise((resolve) =>
    e.file(
      (f) => {
        // Keep the path inside the folder, as a folder picker's webkitRelativePath does.
        Object.defineProperty(f, 'webkitRelativePath', { value: path });
        resolve(f);
      },
      () => resolve(null),
    ),
  );
}

/** One directory's entries: `readEntries` hands them over in batches until it returns none. */
function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const out: FileSystemEntry[] = [];
  return new Promise((resolve) => {
    const next = () =>
      reader.readEntries(
        (batch) => {
          if (batch.length === 0) resolve(out);
          else {
            out.push(...batch);
            next();
          }
        },
        () => resolve(out),
      );
    next();
  });
}

async function walk(entry: FileSystemEntry, path: string, into: File[]): Promise<void> {
  if (entry.isFile) {
    const f = await entryFile(entry as FileSystemFileEntry, path);
    if (f !== null) into.push(f);
    return;
  }
  if (!entry.isDirectory) return;
  const children = await readAll(entry as FileSystemDirectoryEntry);
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const c of children) await walk(c, `${path}/${c.name}`, into);
}

/** The files of the entries, walking folders depth first in name order. */
export async function filesOf(entries: readonly FileSystemEntry[]): Promise<Dropped> {
  const files: File[] = [];
  let folder = false;
  for (const e of entries) {
    if (e.isDirectory) folder = true;
    await walk(e, e.name, files);
  }
  return { files, folder };
}
