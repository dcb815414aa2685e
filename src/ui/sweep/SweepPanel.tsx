// The Sweep tab: what each threshold would refuse, as a table and a chart.
import { useEffect, useId, useRef, useState } from 'react';
import { actions, useSweep } from '../../state/appStore';
import type { SweepView } from '../../state/slices/sweep';
import { cellName, cellText, intensity, maxRefusals, moveFocus, sweepSummary } from './heat';
import { ProxySweepNote } from '../config/ProxyApplies';
import './sweep.css';
import { formatCount } from '../format';

const VIEWS: readonly { id: SweepView; label: string }[] = [
  { id: 'count', label: 'Number of refusals' },
  { id: 'first', label: 'First refusal (batch)' },
];

/**
 * The what-if threshold sweep: refusals for every (strikes, observation) pair as a
 * heat map; a click or Enter applies that pair to the config.
 */
export function SweepPanel() {
  const { sweep, error, view, config } = useSweep();
  const ids = useId();
  const [focus, setFocus] = useState<{ row: number; col: number } | null>(null);
  const cellRefs = useRef(new Map<string, HTMLDivElement>());
  const moved = useRef(false);
  /**
   * The focused cell was removed with the grid (a new transcript's sweep replaces it while its
   * analysis lands, and the previous one stays usable until then): its place in the new grid
   * takes the focus back, so the keyboard user is not dropped on the page's body.
   */
  const refocus = useRef(false);

  useEffect(() => actions.requestSweep(), []);

  useEffect(() => {
    if (!moved.current || focus === null) return;
    moved.current = false;
    cellRefs.current.get(`${focus.row}:${focus.col}`)?.focus();
  }, [focus]);

  if (sweep === null || config === null) {
    return (
      <p className="sweep-muted sweep-pad" role="status">
        {error ?? 'Sweeping the thresholds…'}
      </p>
    );
  }
  const s = sweep.sweep;
  const cols = s.strikes.length;
  const rows = s.observation.length;
  const curCol = s.strikes.indexOf(config.maxRepeatedBatchSteps);
  const curRow = s.observation.indexOf(config.maxObservationSteps);
  const at =
    focus ?? (curRow >= 0 && curCol >= 0 ? { row: curRow, col: curCol } : { row: 0, col: 0 });
  const max = maxRefusals(s);
  const apply = (row: number, col: number) => {
    const cell = s.cells[row * cols + col];
    if (cell !== undefined) actions.applySweepCell(cell.strikes, cell.observation);
  };
  const summaryId = `${ids}-summary`;

  return (
    <div className="sweep">
      <div className="sweep-head">
        <div role="radiogroup" aria-label="Heat map shows" className="sweep-views">
          {VIEWS.map((v) => (
            <label key={v.id} className="radio">
              <input
                type="radio"
                name={`${ids}-view`}
                checked={view === v.id}
                onChange={() => actions.setSweepView(v.id)}
              />
              {v.label}
            </label>
          ))}
        </div>
        <Legend view={view} max={max} batchCount={s.batchCount} />
      </div>
      <p id={summaryId} className="sweep-summary">
        {sweepSummary(s, {
          strikes: config.maxRepeatedBatchSteps,
          observation: config.maxObservationSteps,
        })}
      </p>
      <ProxySweepNote mode={config.mode} />
      <div
        role="grid"
        aria-label="Threshold sweep"
        aria-describedby={summaryId}
        aria-rowcount={rows + 1}
        aria-colcount={cols + 1}
        className="sweep-grid"
        style={{ gridTemplateColumns: `auto repeat(${cols}, minmax(30px, 1fr))` }}
      >
        <div role="row" className="sweep-row">
          <div role="columnheader" className="sweep-corner">
            obs ╲ strikes
          </div>
          {s.strikes.map((v) => (
            <div key={v} role="columnheader" className="sweep-colhead">
              {v}
            </div>
          ))}
        </div>
        {s.observation.map((o, row) => (
          <div key={o ?? 'unset'} role="row" className="sweep-row">
            <div role="rowheader" className="sweep-rowhead">
              {o ?? 'unset'}
            </div>
            {s.strikes.map((_, col) => {
              const cell = s.cells[row * cols + col];
              if (cell === undefined) return null;
              const k = intensity(cell, view, max, s.batchCount);
              const current = row === curRow && col === curCol;
              const focused = row === at.row && col === at.col;
              return (
                <div
                  key={col}
                  role="gridcell"
                  ref={(el) => {
                    const key = `${row}:${col}`;
                    if (el === null) {
                      const gone = cellRefs.current.get(key);
                      if (gone !== undefined && gone === document.activeElement) {
                        refocus.current = true;
                      }
                      cellRefs.current.delete(key);
                      return;
                    }
                    cellRefs.current.set(key, el);
                    if (focused && refocus.current) {
                      refocus.current = false;
                      // Unless the focus went somewhere else in the meantime.
                      const now = document.activeElement;
                      if (now === null || now === document.body) el.focus();
                    }
                  }}
                  tabIndex={focused ? 0 : -1}
                  aria-label={cellName(cell, view)}
                  aria-selected={current}
                  className={current ? 'sweep-cell sweep-cell--current' : 'sweep-cell'}
                  style={{
                    background:
                      k === 0
                        ? undefined
                        : `color-mix(in srgb, var(--refused) ${Math.round(k * 70)}%, var(--bg))`,
                  }}
                  onClick={() => {
                    setFocus({ row, col });
                    apply(row, col);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      apply(row, col);
                      return;
                    }
                    const next = moveFocus({ row, col }, e.key, rows, cols);
                    if (next === null) return;
                    e.preventDefault();
                    moved.current = true;
                    setFocus(next);
                  }}
                >
                  {cellText(cell, view)}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

function Legend({ view, max, batchCount }: { view: SweepView; max: number; batchCount: number }) {
  const [lo, hi] =
    view === 'count' ? ['1', String(max)] : [String(Math.max(0, batchCount - 1)), '0'];
  return (
    <div className="sweep-legend" aria-label="Heat map legend" role="group">
      <span className="sweep-swatch sweep-swatch--none" aria-hidden="true" />
      <span>{view === 'count' ? 'no refusal' : 'never refused'}</span>
      <span className="sweep-legend-gap" />
      <span>{view === 'count' ? `${lo} refusal` : `batch ${lo} (late)`}</span>
      <span className="sweep-ramp" aria-hidden="true" />
      <span>{view === 'count' ? formatCount(Number(hi), 'refusal') : `batch ${hi} (early)`}</span>
      <span className="sweep-legend-gap" />
      <span className="sweep-swatch sweep-swatch--current" aria-hidden="true" />
      <span>current config</span>
    </div>
  );
}
