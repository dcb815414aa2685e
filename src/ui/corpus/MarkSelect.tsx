// A corpus row's mark for the corpus sweep: unmarked, honest, or a loop (by its Nth repeat).
import type { KeyboardEvent, MouseEvent } from 'react';
import { actions, useCorpusSweep } from '../../state/appStore';
import type { CorpusMark } from '../../worker/corpus/protocol';

/** The row opens on a click or Enter; the mark's controls keep those to themselves. */
const keep = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

function valueOf(m: CorpusMark | undefined): string {
  return m === undefined ? '' : m.kind;
}

export function MarkSelect({ markKey, label }: { markKey: string; label: string }) {
  const { marks } = useCorpusSweep();
  const mark = marks[markKey];
  return (
    <span className="ct-mark" onClick={keep} onKeyDown={keep}>
      <select
        aria-label={`Mark ${label}`}
        value={valueOf(mark)}
        onChange={(e) => {
          const v = e.target.value;
          actions.corpusSetMark(
            markKey,
            v === 'honest'
              ? { kind: 'honest' }
              : v === 'loop'
                ? { kind: 'loop', by: mark?.kind === 'loop' ? mark.by : null }
                : null,
          );
        }}
      >
        <option value="">–</option>
        <option value="honest">honest</option>
        <option value="loop">loop</option>
      </select>
      {mark?.kind === 'loop' && (
        <input
          type="number"
          min={1}
          inputMode="numeric"
          className="ct-mark-by"
          aria-label={`Stop ${label} by its Nth repeat (empty: at any repeat)`}
          placeholder="by"
          value={mark.by ?? ''}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value, 10);
            actions.corpusSetMark(markKey, {
              kind: 'loop',
              by: Number.isSafeInteger(n) && n >= 1 ? n : null,
            });
          }}
        />
      )}
    </span>
  );
}
