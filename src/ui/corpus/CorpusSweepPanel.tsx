// The corpus sweep: the grid of thresholds against the rows' marks, and the best cell. A click
// (or Enter) on a cell applies its thresholds to the config.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { proxyAppliesLine } from '../../detector/proxyApplies';
import { actions, useCorpusSweep } from '../../state/appStore';
import type { CorpusSweepCell, CorpusSweepResult } from '../../worker/corpus/protocol';
import { moveFocus } from '../sweep/heat';
import { downloadText } from '../shell/download';
import { FileButton } from '../load/OpenFileButton';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function obsLabel(o: number | null): string {
  return o === null ? 'unset' : String(o);
}

/** One character a cell, as the CLI prints it (docs/report.md §5.7). */
export function cellMark(c: CorpusSweepCell, best: boolean): string {
  if (best) return '*';
  if (c.meets) return '+';
  const honest = c.honestStopped > 0;
  const missed = c.loopsThrough > 0 || c.loopsLate > 0;
  if (honest && missed) return 'X';
  if (honest) return 'H';
  return c.loopsThrough > 0 ? 'L' : 'l';
}

/** What a cell does to the marked rows, in words (its accessible name and tooltip). */
export function cellWords(c: CorpusSweepCell, best: boolean): string {
  const head = `strikes ${c.strikes}, observation ${obsLabel(c.observation)}`;
  if (c.meets) {
    return `${head}: ${best ? 'the best cell: ' : ''}stops every loop in time and no honest transcript (${plural(c.loopBatches, 'batch', 'batches')} before the loops' first refusals)`;
  }
  const parts: string[] = [];
  if (c.honestStopped > 0) parts.push(`stops ${plural(c.honestStopped, 'honest transcript')}`);
  if (c.loopsThrough > 0) parts.push(`lets ${plural(c.loopsThrough, 'loop')} through`);
  if (c.loopsLate > 0) parts.push(`stops ${plural(c.loopsLate, 'loop')} late`);
  return `${head}: ${parts.join(', ')}`;
}

function Grid({ sweep }: { sweep: CorpusSweepResult }) {
  const rows = sweep.strikes.length;
  const cols = sweep.observation.length;
  const n = sweep.strikes.length;
  const bestAt =
    sweep.best === null ? null : { row: sweep.best % n, col: Math.floor(sweep.best / n) };
  const [focus, setFocus] = useState(bestAt ?? { row: 0, col: 0 });
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    refs.current.get(`${focus.row}:${focus.col}`)?.focus();
  }, [focus]);

  // Rows are strikes and columns observation, as the CLI prints them; the cells are stored a
  // row per observation value.
  const cellAt = (row: number, col: number) => sweep.cells[col * n + row] as CorpusSweepCell;
  const onKey = (e: KeyboardEvent) => {
    const next = moveFocus(focus, e.key, rows, cols);
    if (next === null) return;
    e.preventDefault();
    moved.current = true;
    setFocus(next);
  };
  return (
    <table className="corpus-sweep__grid" aria-label="Corpus sweep: strikes by observation">
      <thead>
        <tr>
          <th scope="col">strikes \ obs</th>
          {sweep.observation.map((o) => (
            <th key={String(o)} scope="col">
              {o === null ? '–' : o}
            </th>
          ))}
        </tr>
      </thead>
      <tbody onKeyDown={onKey}>
        {sweep.strikes.map((s, row) => (
          <tr key={s}>
            <th scope="row">{s}</th>
            {sweep.observation.map((_, col) => {
              const c = cellAt(row, col);
              const best = col * n + row === sweep.best;
              const mark = cellMark(c, best);
              const words = cellWords(c, best);
              return (
                <td key={col}>
                  <button
                    type="button"
                    ref={(el) => {
                      if (el === null) refs.current.delete(`${row}:${col}`);
                      else refs.current.set(`${row}:${col}`, el);
                    }}
                    className={`corpus-sweep__cell corpus-sweep__cell--${mark === '*' ? 'best' : mark === '+' ? 'meets' : mark === 'l' ? 'late' : mark}`}
                    tabIndex={focus.row === row && focus.col === col ? 0 : -1}
                    aria-label={`${words}. Apply`}
                    title={words}
                    onFocus={() => setFocus({ row, col })}
                    onClick={() => actions.applySweepCell(c.strikes, c.observation)}
                  >
                    {mark}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The marks' save and load, the sweep's action, the grid and the choice. */
export function CorpusSweepPanel() {
  const { marks, sweep, pending, notice } = useCorpusSweep();
  const marked = Object.keys(marks).length;
  const best = sweep?.best === null || sweep === null ? null : sweep.cells[sweep.best];
  const applies =
    best === null || best === undefined || sweep === null
      ? null
      : proxyAppliesLine({
          ...sweep.config,
          maxRepeatedBatchSteps: best.strikes,
          maxObservationSteps: best.observation,
        });
  return (
    <section className="corpus-sweep" aria-label="Corpus sweep">
      <div className="corpus__bar">
        <button
          type="button"
          className="button"
          disabled={marked === 0 || pending}
          onClick={() => actions.corpusRunSweep()}
        >
          Sweep the corpus
        </button>
        <button
          type="button"
          className="button"
          disabled={marked === 0}
          onClick={() => downloadText('loopscope-marks.json', actions.corpusMarksText())}
        >
          Save marks…
        </button>
        <FileButton
          label="Load marks…"
          onFiles={(files) => {
            const file = files[0];
            if (file !== undefined) {
              void file.text().then((t) => actions.corpusLoadMarks(t, file.name));
            }
          }}
        />
        <span className="muted">
          {marked === 0
            ? 'Mark rows honest (must not be stopped) or loop (must be stopped) to sweep.'
            : `${plural(marked, 'mark')}${pending ? ' · sweeping…' : ''}`}
        </span>
      </div>
      {notice !== null && (
        <p className="corpus__error" role="alert">
          {notice}
        </p>
      )}
      {sweep !== null && (
        <>
          <p role="status" aria-label="Corpus sweep result" className="corpus-sweep__best">
            {best === null || best === undefined
              ? `No cell stops every loop and no honest transcript (${plural(sweep.honest, 'honest transcript')}, ${plural(sweep.loops, 'loop')}).`
              : `Best: strikes ${best.strikes}, observation ${obsLabel(best.observation)}: stops ${sweep.loops === 1 ? 'the loop' : `all ${sweep.loops} loops`} and none of ${plural(sweep.honest, 'honest transcript')}.`}
          </p>
          {sweep.conflicts.length > 0 && (
            <ul className="corpus-sweep__conflicts" aria-label="Conflicting transcripts">
              {sweep.conflicts.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          )}
          {applies !== null && (
            <p className="field__applies" role="note" aria-label="Where the best cell applies">
              {applies}
            </p>
          )}
          <p className="muted">
            * best, + meets every mark, H stops an honest transcript, L lets a loop through, l stops
            a loop after its Nth repeat, X both. Click a cell to apply it.
          </p>
          <Grid key={`${sweep.best}:${sweep.cells.length}`} sweep={sweep} />
        </>
      )}
    </section>
  );
}
