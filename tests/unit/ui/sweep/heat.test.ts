import { describe, expect, it } from 'vitest';
import type { Sweep, SweepCell } from '../../../../src/zoo/index';
import {
  cellLabel,
  cellName,
  cellText,
  intensity,
  maxRefusals,
  moveFocus,
  sweepSummary,
} from '../../../../src/ui/sweep/heat';

const cell = (
  strikes: number,
  observation: number | null,
  refusals: number,
  firstRefusal: number | null,
): SweepCell => ({
  strikes,
  observation,
  refusals,
  firstRefusal,
});

describe('sweep heat map', () => {
  it('labels cells for screen readers', () => {
    expect(cellLabel(cell(3, 12, 2, 14))).toBe(
      'strikes 3, observation 12: 2 refusals, first at batch 14',
    );
    expect(cellLabel(cell(0, null, 1, 0))).toBe(
      'strikes 0, observation unset: 1 refusal, first at batch 0',
    );
    expect(cellLabel(cell(5, 30, 0, null))).toBe('strikes 5, observation 30: no refusals');
  });

  it('names cells starting with what they show', () => {
    const views = ['count', 'first'] as const;
    for (const c of [cell(3, 12, 2, 14), cell(0, null, 1, 0), cell(5, 30, 0, null)]) {
      for (const view of views) {
        const shown = cellText(c, view);
        if (shown !== '–')
          expect(
            cellName(c, view).startsWith(`${shown},`) || cellName(c, view).startsWith(`${shown} `),
          ).toBe(true);
      }
    }
    expect(cellName(cell(3, 12, 2, 14), 'count')).toBe(
      '2 refusals, first at batch 14: strikes 3, observation 12',
    );
    expect(cellName(cell(5, 30, 0, null), 'count')).toBe('0 refusals: strikes 5, observation 30');
    expect(cellName(cell(3, 12, 1, 14), 'first')).toBe(
      '14, the first refused batch (1 refusal): strikes 3, observation 12',
    );
    expect(cellName(cell(0, null, 0, null), 'first')).toBe(
      'no refusals: strikes 0, observation unset',
    );
  });

  it('shows the count or the first refusal', () => {
    expect(cellText(cell(1, 1, 4, 9), 'count')).toBe('4');
    expect(cellText(cell(1, 1, 4, 9), 'first')).toBe('9');
    expect(cellText(cell(1, 1, 0, null), 'first')).toBe('–');
  });

  it('tints more refusals and earlier refusals more strongly, none not at all', () => {
    expect(intensity(cell(1, 1, 0, null), 'count', 10, 50)).toBe(0);
    expect(intensity(cell(1, 1, 1, 3), 'count', 10, 50)).toBeLessThan(
      intensity(cell(1, 1, 10, 3), 'count', 10, 50),
    );
    expect(intensity(cell(1, 1, 10, 3), 'count', 10, 50)).toBeCloseTo(1);
    expect(intensity(cell(1, 1, 1, 2), 'first', 10, 50)).toBeGreaterThan(
      intensity(cell(1, 1, 1, 40), 'first', 10, 50),
    );
  });

  it('moves focus with arrows, Home/End and PageUp/PageDown, clamped to the grid', () => {
    const p = { row: 0, col: 0 };
    expect(moveFocus(p, 'ArrowUp', 31, 11)).toEqual(p);
    expect(moveFocus(p, 'ArrowDown', 31, 11)).toEqual({ row: 1, col: 0 });
    expect(moveFocus(p, 'ArrowRight', 31, 11)).toEqual({ row: 0, col: 1 });
    expect(moveFocus({ row: 3, col: 4 }, 'End', 31, 11)).toEqual({ row: 3, col: 10 });
    expect(moveFocus({ row: 3, col: 4 }, 'Home', 31, 11)).toEqual({ row: 3, col: 0 });
    expect(moveFocus({ row: 29, col: 4 }, 'PageDown', 31, 11)).toEqual({ row: 30, col: 4 });
    expect(moveFocus(p, 'x', 31, 11)).toBeNull();
  });

  it('summarises the sweep and the current cell', () => {
    const sweep: Sweep = {
      mode: 'proxy',
      batchCount: 20,
      strikes: [1, 2],
      observation: [15, null],
      cells: [cell(1, 15, 2, 4), cell(2, 15, 0, null), cell(1, null, 3, 4), cell(2, null, 1, 9)],
      ms: 0,
    };
    expect(maxRefusals(sweep)).toBe(3);
    const s = sweepSummary(sweep, { strikes: 2, observation: 15 });
    expect(s).toContain('1 of 4 configurations refuse nothing');
    expect(s).toContain('Current config: strikes 2, observation 15: no refusals.');
    expect(sweepSummary(sweep, { strikes: 40, observation: 15 })).toContain('outside the sweep');
  });
});
