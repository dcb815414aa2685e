// What each detector lane's rule does, what a transcript cannot show of it, and its
// parameters' labels, in the page's words: read only by the views that explain the lanes (the
// lane picker, the peer detectors' parameters), which load on demand, so the first screen
// carries the lanes without them.
import type { LaneWords } from './types';

/** Each lane's words, by its id. */
export const LANE_WORDS: Readonly<Record<string, LaneWords>> = {
  cline: {
    description:
      'Consecutive identical calls (sorted keys, numbers by value): a warning at exactly 3, a stop from 5. Only a fresh conversation resets it, not a user turn. Off in the agent core, on in the Cline CLI.',
    cannotSee:
      'whether loop detection was on (the SDK leaves it off unless the host sets it); a history cleared or restored inside the session.',
    params: {
      soft: 'Soft warning at (softThreshold)',
      hard: 'Hard stop at (hardThreshold)',
      extension:
        'VS Code extension rule (1 = task_progress ignored, a user turn after a stop resets)',
    },
  },
  'gemini-cli': {
    description:
      'Cycles of period 1–5 repeated 5 times over the last 25 calls (keys in their own order, numbers by value); nudges once, then halts. Resets on a user prompt, not on its own nudge.',
    cannotSee:
      'the content-chanting and model-judged (LLM) tiers; loop detection turned off in settings or for the session; the turn budget that can end a recovery early.',
    params: {
      repeats: 'Cycle repetitions (TOOL_CALL_LOOP_THRESHOLD)',
      maxPeriod: 'Longest cycle period',
      historyCap: 'History cap (calls)',
      sortKeys: 'Sort argument keys (1 = on; Gemini does not)',
    },
  },
  goose: {
    description:
      "Denies a tool's calls after it failed with the same error 3 times in a row, then counts again; any success resets. The repeat rule (the (N+1)th identical call in a row) only when max_repetitions is set. Errors are the transcript's own error marks where the format keeps them, else a guess from the answer text.",
    cannotSee:
      'the repeat rule never fires in a Goose run (the agent builds the inspector without max_repetitions, and checks a copy whose state never advances); the order in which parallel calls finished (the lane records them in call order); a failed call whose error flag the format did not keep (the text guess stands in).',
    params: {
      maxRepetitions: 'max_repetitions (0 = None, as the agent builds it)',
      errorRepeats: 'Same error in a row before denying (a constant 3 upstream; 0 = off)',
    },
  },
  openclaw: {
    description:
      'Off by default upstream (tools.loopDetection.enabled); shown as if enabled. Outcome-aware over the last 30 calls: warns at 10 repeats or alternations, goes critical at 20 identical no-progress outcomes (30 for the circuit breaker).',
    cannotSee:
      "whether loop detection was enabled; the result object's structured parts (exec status and tail, send ids stripped), as a transcript keeps only the answer text; the newer breaker's count of argument churn.",
    params: {
      historySize: 'History window (calls)',
      warning: 'Warning threshold',
      critical: 'Critical threshold',
      breaker: 'Global circuit breaker',
      unknownTool: 'Unknown-tool repeats',
    },
  },
  openhands: {
    description:
      "Within the last 20 events since the user spoke: 4 identical action+observation pairs, an ABABAB pattern over 6, or one action failing more than 3 times in a row stop the run; at exactly 3 failures it nudges. Errors are the transcript's error events where the format keeps them, else a guess from the answer text.",
    cannotSee:
      'the monologue rule (prose turns have no batch to mark); a disabled stuck detector; an error event the format did not keep (then the text guess stands in).',
    params: {
      actionObservation: 'Identical action + observation pairs',
      actionError: 'Identical actions with errors',
      alternating: 'Alternating pattern length',
      monologue: 'Monologue threshold (gates the minimum window)',
      window: 'Events scanned',
      thought: 'Compare the thought (1 = on, the SDK default)',
      legacyActionError: 'Stop at the error threshold, no nudge (1 = the rule before SDK #4332)',
    },
  },
  'qwen-code': {
    description:
      'Always on: 5 identical calls in a row, 8 git overview shell commands in a row, the per-turn cap (over 100 calls once a call repeated 6 times, or over 1000). Opt-in heuristics: 6 repeats anywhere, ABAB over 6, read loops, 8 same-name calls. task_list polls count only while their results repeat. Sorted keys, numbers by value; the first detection halts the turn.',
    cannotSee:
      'the heuristic tier unless turned on (skipLoopDetection defaults to true); the content-chanting tier (it reads the streamed text chunk by chunk, a transcript keeps only the joined text) and the thought tier; retries of a failed response; an in-session disable; whether a per-turn cap was configured. Its service has no model-judged tier.',
    params: {
      heuristics: 'Heuristic tier (1 = on; off by default)',
      consecutive: 'Consecutive identical calls',
      shellOverview: 'Consecutive git overview commands',
      turnCap: 'Calls-per-turn cap (0 = off)',
      explicitCap: 'Cap set explicitly (1 = hard cap; default adaptive)',
      globalDuplicate: "Same call anywhere in the turn (heuristic; also the cap's stuck signal)",
      nameStreak: 'Same tool name in a row (heuristic)',
    },
  },
  'roo-code': {
    description:
      'Consecutive identical calls (sorted keys, numbers by value): with limit 3 the 4th is blocked and the user asked; the counter then starts over. User turns do not reset it.',
    cannotSee:
      'what the user answers when asked (the counter starts over either way); a limit changed in settings (0 = unlimited).',
    params: {
      limit: 'Limit (consecutiveMistakeLimit, 0 = unlimited)',
    },
  },
  'session-tally': {
    description:
      "The reference's older rule: a signature's count over the whole session, never reset. Refuses past 2 occurrences (15 for read-only batches), and from then on refuses every later request.",
    params: {
      maxRepeated: 'max_repeated_batch_steps',
      maxObservation: 'max_observation_steps (0 = unset)',
    },
  },
  'clock-answers': {
    description:
      'A repeated batch whose answers differ only in timestamps, durations (0.31s, 12ms), counters or ids: the reference treats that as progress and lets it run to 16.',
    params: {
      minRun: 'Occurrences in the run before flagging',
    },
  },
  cycles: {
    description:
      'Batch signatures repeating with period 2–5 for at least 3 cycles (A,B,A,B,A,B or A,A,B ×3): the reference never catches these.',
    params: {
      maxPeriod: 'Longest period',
      minCycles: 'Repetitions of the cycle',
    },
  },
  'near-duplicates': {
    description:
      'The same tool called with arguments that differ in one field or a few characters, getting the same answer each time: a retry loop that exact signatures miss.',
    params: {
      maxEdit: 'Largest edit distance of the arguments',
      minRun: 'Calls in a near-duplicate chain',
      sameAnswer: 'Require the same (normalised) answer (1 = on)',
    },
  },
  'paging-sweeps': {
    description:
      'The same tool called again and again with one numeric argument (offset, page, line) going up: a sweep no repeat detector counts.',
    params: {
      minCalls: 'Calls in a sweep',
    },
  },
  'quiet-polls': {
    description:
      'A read-only-looking batch repeated with an unchanged answer N times in a row: a wait the reference treats as a loop (refused at 16).',
    params: {
      minRepeats: 'Identical answers in a row',
    },
  },
};

/** A lane's words; a lane without any says nothing. */
export function laneWords(id: string): LaneWords {
  return LANE_WORDS[id] ?? { description: '', params: {} };
}
