// The entries of a drop, taken while its event lasts. Their files, folders walked, are read
// by walkDropped.ts, loaded when a drop needs it.

/** What a drop carries; read before the event handler returns (the items expire after). */
export function droppedEntries(dt: DataTransfer): FileSystemEntry[] | null {
  const items = Array.from(dt.items ?? []);
  if (items.length === 0 || typeof items[0]?.webkitGetAsEntry !== 'function') return null;
  return items.flatMap((i) => {
    const e = i.webkitGetAsEntry();
    return e === null ? [] : [e];
  });
}
