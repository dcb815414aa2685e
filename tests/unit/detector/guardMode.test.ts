// loop_guard_mode: what gglib's proxy does with a trip in each mode (docs/detector.md §8).
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/config';
import {
  guardResponse,
  isGuardMode,
  loopError400,
  loopNote,
  stagnationError400,
} from '../../../src/detector/index';
import { replay } from '../../../src/detector/replay';
import { assistant, call, chat, SOURCE, tool } from './helpers';

describe('guardResponse', () => {
  const trip = { kind: 'loop', signature: 'get_build_status:5e0a1b2c3d4e5f60' } as const;

  it('off forwards untouched and sends nothing', () => {
    const r = guardResponse('off', trip);
    expect(r.sentence).toBe(
      'In off mode gglib forwards the request untouched (the guard is off: it scans nothing).',
    );
    expect(r.text).toBeNull();
  });

  it('note forwards with the note, verbatim', () => {
    const r = guardResponse('note', trip);
    expect(r.sentence).toMatch(/forwards the request with a note appended to the last message/);
    expect(r.text).toBe(loopNote(trip.signature));
    expect(r.legacyText).toBeNull();
  });

  it('refuse sends the whole 400 body: message, type and code, in that order', () => {
    const r = guardResponse('refuse', trip);
    expect(r.sentence).toBe(
      'In refuse mode gglib refuses the request with HTTP 400 and this body.',
    );
    expect(r.text).toBe(
      `{"error":{"message":${JSON.stringify(loopError400(trip.signature))},"type":"loop_detected","code":"loop_detected"}}`,
    );
  });

  it('refuse also gives the older releases’ wording, which differs', () => {
    const r = guardResponse('refuse', trip);
    const old = JSON.parse(r.legacyText ?? '{}') as { error: { message: string; code: string } };
    expect(old.error.code).toBe('loop_detected');
    expect(old.error.message).toBe(
      'Agentic loop detected: this conversation repeats the same tool-call batch (signature: get_build_status:5e0a1b2c3d4e5f60). Aborting before another identical turn. Start a new conversation or change approach; to disable this guard run `gglib config settings set --proxy-loop-detection false`.',
    );
    expect(r.legacyText).not.toBe(r.text);
  });

  it('stagnation has its own type and code', () => {
    const r = guardResponse('refuse', { kind: 'stagnation', count: 6, maxSteps: 5 });
    expect(JSON.parse(r.text ?? '{}')).toEqual({
      error: {
        message: stagnationError400(6, 5),
        type: 'stagnation_detected',
        code: 'stagnation_detected',
      },
    });
  });

  it('knows its three modes and nothing else', () => {
    expect(['off', 'note', 'refuse'].every(isGuardMode)).toBe(true);
    expect([undefined, 'Note', 'warn', true].some(isGuardMode)).toBe(false);
  });
});

describe('firstRefusal.action', () => {
  const loop = chat([
    { role: 'user', content: 'go' },
    ...[0, 1, 2].flatMap((i) => [
      assistant([call('run_tests', {}, `c${i}`)]),
      tool(`c${i}`, 'FAIL'),
    ]),
  ]);

  it('is the guard mode, note by default; the verdicts do not move', () => {
    const base = replay(loop, DEFAULT_CONFIG, SOURCE);
    expect(base.firstRefusal?.action).toBe('note');
    expect(base.config.guardMode).toBe('note');
    for (const guardMode of ['off', 'refuse'] as const) {
      const r = replay(loop, { ...DEFAULT_CONFIG, guardMode }, SOURCE);
      expect(r.firstRefusal?.action).toBe(guardMode);
      expect(r.config.guardMode).toBe(guardMode);
      expect(r.batches).toEqual(base.batches);
    }
  });
});
