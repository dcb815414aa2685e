// The page-wide drop target: a file dropped anywhere is opened (docs/architecture.md §3).
import { useEffect, useState } from 'react';
import { droppedEntries } from './droppedFiles';

function hasFiles(e: DragEvent): boolean {
  return e.dataTransfer !== null && Array.from(e.dataTransfer.types).includes('Files');
}

/**
 * Accepts a file dropped anywhere on the page, or a folder (its files go to `onFolder`).
 * Returns whether a drag with files is over the page (for the overlay). Counting enter/leave
 * pairs keeps the overlay from flickering as the pointer crosses child elements.
 */
export function useFileDrop(
  onFile: (file: File) => void,
  onFolder: (files: File[]) => void,
): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setActive(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      depth = 0;
      setActive(false);
      // A drop zone inside the page (the corpus view) took the files already.
      if (file === undefined || e.defaultPrevented) return;
      // Without preventDefault the browser would navigate to the file.
      e.preventDefault();
      const entries = e.dataTransfer === null ? null : droppedEntries(e.dataTransfer);
      if (entries !== null && entries.some((x) => x.isDirectory)) {
        // Walking a folder's entries is code of its own, loaded by the first folder dropped.
        void import('./walkDropped').then((m) => m.filesOf(entries)).then((d) => onFolder(d.files));
        return;
      }
      onFile(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      window.removeEventListener('dragleave', leave);
    };
  }, [onFile, onFolder]);
  return active;
}
