/**
 * The peer lanes as the page shows them: name, what the peer's rule does, what a transcript
 * cannot show of it, and its parameters. Apart from the runners (one file per peer), so the
 * page has the words without the code that runs in the worker.
 */
import type { ZooLane } from '../types';

/** Cline: consecutive identical calls, soft at 3, hard at 5. */
export const clineLane: ZooLane = {
  id: 'cline',
  label: 'Cline',
  kind: 'peer',
  description:
    'Consecutive identical calls (sorted keys, numbers by value): a warning at exactly 3, a stop from 5. Only a fresh conversation resets it, not a user turn. Off in the agent core, on in the Cline CLI.',
  cannotSee:
    'whether loop detection was on (the SDK leaves it off unless the host sets it); a history cleared or restored inside the session.',
  params: [
    { id: 'soft', label: 'Soft warning at (softThreshold)', min: 1, max: 20, default: 3 },
    { id: 'hard', label: 'Hard stop at (hardThreshold)', min: 1, max: 50, default: 5 },
    {
      id: 'extension',
      label: 'VS Code extension rule (1 = task_progress ignored, a user turn after a stop resets)',
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
  description:
    'Cycles of period 1–5 repeated 5 times over the last 25 calls (keys in their own order, numbers by value); nudges once, then halts. Resets on a user prompt, not on its own nudge.',
  cannotSee:
    'the content-chanting and model-judged (LLM) tiers; loop detection turned off in settings or for the session; the turn budget that can end a recovery early.',
  params: [
    {
      id: 'repeats',
      label: 'Cycle repetitions (TOOL_CALL_LOOP_THRESHOLD)',
      min: 2,
      max: 20,
      default: 5,
    },
    { id: 'maxPeriod', label: 'Longest cycle period', min: 1, max: 5, default: 5 },
    { id: 'historyCap', label: 'History cap (calls)', min: 5, max: 100, default: 25 },
    {
      id: 'sortKeys',
      label: 'Sort argument keys (1 = on; Gemini does not)',
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
  description:
    "Denies a tool's calls after it failed with the same error 3 times in a row, then counts again; any success resets. The repeat rule (the (N+1)th identical call in a row) only when max_repetitions is set. Errors are the transcript's own error marks where the format keeps them, else a guess from the answer text.",
  cannotSee:
    'the repeat rule never fires in a Goose run (the agent builds the inspector without max_repetitions, and checks a copy whose state never advances); the order in which parallel calls finished (the lane records them in call order); a failed call whose error flag the format did not keep (the text guess stands in).',
  params: [
    {
      id: 'maxRepetitions',
      label: 'max_repetitions (0 = None, as the agent builds it)',
      min: 0,
      max: 50,
      default: 0,
    },
    {
      id: 'errorRepeats',
      label: 'Same error in a row before denying (a constant 3 upstream; 0 = off)',
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
  description:
    'Off by default upstream (tools.loopDetection.enabled); shown as if enabled. Outcome-aware over the last 30 calls: warns at 10 repeats or alternations, goes critical at 20 identical no-progress outcomes (30 for the circuit breaker).',
  cannotSee:
    "whether loop detection was enabled; the result object's structured parts (exec status and tail, send ids stripped), as a transcript keeps only the answer text; the newer breaker's count of argument churn.",
  params: [
    { id: 'historySize', label: 'History window (calls)', min: 5, max: 200, default: 30 },
    { id: 'warning', label: 'Warning threshold', min: 1, max: 100, default: 10 },
    { id: 'critical', label: 'Critical threshold', min: 1, max: 200, default: 20 },
    { id: 'breaker', label: 'Global circuit breaker', min: 1, max: 300, default: 30 },
    { id: 'unknownTool', label: 'Unknown-tool repeats', min: 1, max: 100, default: 10 },
  ],
};

/** OpenHands SDK StuckDetector: identical action/observation, action/error, alternating. */
export const openHandsLane: ZooLane = {
  id: 'openhands',
  label: 'OpenHands',
  kind: 'peer',
  description:
    "Within the last 20 events since the user spoke: 4 identical action+observation pairs, an ABABAB pattern over 6, or one action failing more than 3 times in a row stop the run; at exactly 3 failures it nudges. Errors are the transcript's error events where the format keeps them, else a guess from the answer text.",
  cannotSee:
    'the monologue rule (prose turns have no batch to mark); a disabled stuck detector; an error event the format did not keep (then the text guess stands in).',
  params: [
    {
      id: 'actionObservation',
      label: 'Identical action + observation pairs',
      min: 1,
      max: 20,
      default: 4,
    },
    { id: 'actionError', label: 'Identical actions with errors', min: 1, max: 20, default: 3 },
    { id: 'alternating', label: 'Alternating pattern length', min: 3, max: 20, default: 6 },
    {
      id: 'monologue',
      label: 'Monologue threshold (gates the minimum window)',
      min: 1,
      max: 20,
      default: 3,
    },
    { id: 'window', label: 'Events scanned', min: 4, max: 200, default: 20 },
    {
      id: 'thought',
      label: 'Compare the thought (1 = on, the SDK default)',
      min: 0,
      max: 1,
      default: 1,
    },
    {
      id: 'legacyActionError',
      label: 'Stop at the error threshold, no nudge (1 = the rule before SDK #4332)',
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
  description:
    'Always on: 5 identical calls in a row, 8 git overview shell commands in a row, the per-turn cap (over 100 calls once a call repeated 6 times, or over 1000). Opt-in heuristics: 6 repeats anywhere, ABAB over 6, read loops, 8 same-name calls. task_list polls count only while their results repeat. Sorted keys, numbers by value; the first detection halts the turn.',
  cannotSee:
    'the heuristic tier unless turned on (skipLoopDetection defaults to true); the content-chanting tier (it reads the streamed text chunk by chunk, a transcript keeps only the joined text) and the thought tier; retries of a failed response; an in-session disable; whether a per-turn cap was configured. Its service has no model-judged tier.',
  params: [
    {
      id: 'heuristics',
      label: 'Heuristic tier (1 = on; off by default)',
      min: 0,
      max: 1,
      default: 0,
    },
    { id: 'consecutive', label: 'Consecutive identical calls', min: 2, max: 50, default: 5 },
    {
      id: 'shellOverview',
      label: 'Consecutive git overview commands',
      min: 2,
      max: 50,
      default: 8,
    },
    {
      id: 'turnCap',
      label: 'Calls-per-turn cap (0 = off)',
      min: 0,
      max: 1000,
      default: 100,
    },
    {
      id: 'explicitCap',
      label: 'Cap set explicitly (1 = hard cap; default adaptive)',
      min: 0,
      max: 1,
      default: 0,
    },
    {
      id: 'globalDuplicate',
      label: "Same call anywhere in the turn (heuristic; also the cap's stuck signal)",
      min: 2,
      max: 50,
      default: 6,
    },
    { id: 'nameStreak', label: 'Same tool name in a row (heuristic)', min: 2, max: 50, default: 8 },
  ],
};

/** Roo Code: blocks the (limit+1)th consecutive identical call, then starts over. */
export const rooCodeLane: ZooLane = {
  id: 'roo-code',
  label: 'Roo Code',
  kind: 'peer',
  description:
    'Consecutive identical calls (sorted keys, numbers by value): with limit 3 the 4th is blocked and the user asked; the counter then starts over. User turns do not reset it.',
  cannotSee:
    'what the user answers when asked (the counter starts over either way); a limit changed in settings (0 = unlimited).',
  params: [
    {
      id: 'limit',
      label: 'Limit (consecutiveMistakeLimit, 0 = unlimited)',
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
  description:
    "The reference's older rule: a signature's count over the whole session, never reset. Refuses past 2 occurrences (15 for read-only batches), and from then on refuses every later request.",
  params: [
    { id: 'maxRepeated', label: 'max_repeated_batch_steps', min: 0, max: 10, default: 2 },
    {
      id: 'maxObservation',
      label: 'max_observation_steps (0 = unset)',
      min: 0,
      max: 100,
      default: 15,
    },
  ],
};
