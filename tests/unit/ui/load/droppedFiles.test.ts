import { describe, expect, it } from 'vitest';
import { filesOf } from '../../../../src/ui/load/walkDropped';

/** A stand-in for the entries API's file and directory entries. */
function file(name: string): FileSystemEntry {
  return {
    name,
    isFile: true,
    isDirectory: false,
    file: (ok: (f: File) => void) => ok(new File(['{}'], name)),
  } as unknown as FileSystemEntry;
}

function dir(name: string, children: FileSystemEntry[], batch = 2): FileSystemEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      // readEntries hands entries over in batches until it returns none.
      return {
        readEntries: (ok: (e: FileSystemEntry[]) => void) => {
          const next = children.slice(at, at + batch);
          at += batch;
          ok(next);
        },
      };
    },
  } as unknown as FileSystemEntry;
}

describe('files of a drop', () => {
  it('walks a dropped folder depth first in name order, keeping each path', async () => {
    const d = await filesOf([
      dir('project', [file('b.jsonl'), dir('sub', [file('c.json')]), file('a.json')]),
    ]);
    expect(d.folder).toBe(true);
    expect(d.files.map((f) => f.webkitRelativePath)).toEqual([
      'project/a.json',
      'project/b.jsonl',
      'project/sub/c.json',
    ]);
  });

  it('a plain file drop is no folder', async () => {
    const d = await filesOf([file('x.json')]);
    expect(d.folder).toBe(false);
    expect(d.files.map((f) => f.name)).toEqual(['x.json']);
  });
});
