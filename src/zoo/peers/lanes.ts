/**
 * The peer lanes as the page shows them: name and parameters. Apart from the runners (one
 * file per peer), so the page has them without the code that runs in the worker; what each
 * rule does, in words, is in ../laneWords.ts.
 */
import type { ZooLane } from '../types';

/** Cline: consecutive identical calls, soft at 3, hard at 5. */
export const clineLane: ZooLane = {
  id: 'cline',
  label: 'Cline',
  kind: 'peer',
  params: [
    { id: 'soft', min: 1, max: 20, default: 3 },
    { id: 'hard', min: 1, max: 50, default: 5 },
    {
      id: 'extension',
      min: 0,
      max: 1,
      default: 0,
    },
  ],
};

/** Gemini CLI's deterministic tool-call tier. */
export const geminiCliLane: ZooLane = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  kind: 'peer',
  params: [
    {
      id: 'repeats',
      min: 2,
      max: 20,
      default: 5,
    },
    { id: 'maxPeriod', min: 1, max: 5, default: 5 },
    { id: 'historyCap', min: 5, max: 100, default: 25 },
    {
      id: 'sortKeys',
      min: 0,
      max: 1,
      default: 0,
    },
  ],
};

/** Goose: the repeated-error fingerprint (on) and `max_repetitions` (never set by the agent). */
export const gooseLane: ZooLane = {
  id: 'goose',
  label: 'Goose',
  kind: 'peer',
  params: [
    {
      id: 'maxRepetitions',
      min: 0,
      max: 50,
      default: 0,
    },
    {
      id: 'errorRepeats',
      min: 0,
      max: 20,
      default: 3,
    },
  ],
};

/** OpenClaw: outcome-aware warn/critical tiers (generic, poll, ping-pong, circuit breaker). */
export const openClawLane: ZooLane = {
  id: 'openclaw',
  label: 'OpenClaw',
  kind: 'peer',
  params: [
    { id: 'historySize', min: 5, max: 200, default: 30 },
    { id: 'warning', min: 1, max: 100, default: 10 },
    { id: 'critical', min: 1, max: 200, default: 20 },
    { id: 'breaker', min: 1, max: 300, default: 30 },
    { id: 'unknownTool', min: 1, max: 100, default: 10 },
  ],
};

/** OpenHands SDK StuckDetector: identical action/observation, action/error, alternating. */
export const openHandsLane: ZooLane = {
  id: 'openhands',
  label: 'OpenHands',
  kind: 'peer',
  params: [
    {
      id: 'actionObservation',
      min: 1,
      max: 20,
      default: 4,
    },
    { id: 'actionError', min: 1, max: 20, default: 3 },
    { id: 'alternating', min: 3, max: 20, default: 6 },
    {
      id: 'monologue',
      min: 1,
      max: 20,
      default: 3,
    },
    { id: 'window', min: 4, max: 200, default: 20 },
    {
      id: 'thought',
      min: 0,
      max: 1,
      default: 1,
    },
    {
      id: 'legacyActionError',
      min: 0,
      max: 1,
      default: 0,
    },
  ],
};

/** Qwen Code: always-on rules plus the opt-in heuristic tier. */
export const qwenCodeLane: ZooLane = {
  id: 'qwen-code',
  label: 'Qwen Code',
  kind: 'peer',
  params: [
    {
      id: 'heuristics',
      min: 0,
      max: 1,
      default: 0,
    },
    { id: 'consecutive', min: 2, max: 50, default: 5 },
    {
      id: 'shellOverview',
      min: 2,
      max: 50,
      default: 8,
    },
    {
      id: 'turnCap',
      min: 0,
      max: 1000,
      default: 100,
    },
    {
      id: 'explicitCap',
      min: 0,
      max: 1,
      default: 0,
    },
    {
      id: 'globalDuplicate',
      min: 2,
      max: 50,
      default: 6,
    },
    { id: 'nameStreak', min: 2, max: 50, default: 8 },
  ],
};

/** Roo Code: blocks the (limit+1)th consecutive identical call, then starts over. */
export const rooCodeLane: ZooLane = {
  id: 'roo-code',
  label: 'Roo Code',
  kind: 'peer',
  params: [
    {
      id: 'limit',
      min: 0,
      max: 50,
      default: 3,
    },
  ],
};

/** The reference's older session-wide tally, which made long conversations terminal. */
export const sessionTallyLane: ZooLane = {
  id: 'session-tally',
  label: 'Reference, old session tally',
  kind: 'peer',
  params: [
    { id: 'maxRepeated', min: 0, max: 10, default: 2 },
    {
      id: 'maxObservation',
      min: 0,
      max: 100,
      default: 15,
    },
  ],
};
