// Importer of last resort: any file read by the shape of its tool calls.
import { ok } from '../../json/index';
import type { FormatImporter } from '../format';
import { readByShape } from '../shape/read';
import type { Doc } from '../text';
import { byShapeNote } from '../shape/note';

/**
 * Any file read by shape (docs/formats.md §25): the conversations built from the calls the
 * dialect table finds, where no importer knows the layout. Chosen by hand, or by the import
 * when the census finds calls its importer did not read.
 */
export const importGeneric: FormatImporter = (doc) => {
  const r = shapeOf(doc);
  if (r === null) return ok({ messages: [], warnings: [] });
  const note = byShapeNote(r, null, null);
  const conversations = r.conversations.map((c) => ({ ...c, warnings: [note, ...c.warnings] }));
  return ok({ messages: conversations[0]?.messages ?? [], warnings: [], conversations });
};

/** The reader by shape over a parsed document. */
export function shapeOf(doc: Doc): ReturnType<typeof readByShape> {
  return doc.kind === 'json'
    ? readByShape([doc.parsed.value], false)
    : readByShape(
        doc.lines.map((l) => l.value),
        true,
      );
}
