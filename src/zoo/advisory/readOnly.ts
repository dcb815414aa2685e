/** Whether a call looks read-only, for the quiet-poll lane (a heuristic, not the reference's rule). */
import { DEFAULT_OBSERVATION_TOOLS, observationPatternFor } from '../../detector/index';
import { isJsonObject } from '../../json/index';
import type { ZooCall } from '../types';

// Verbs that name a look rather than a change, as a whole word of a snake/kebab/dotted or
// camelCase name: get_status, process.poll, waitForJob, tail-log.
const READ_WORD =
  /(?:^|[-_.])(?:get|read|list|ls|status|poll|check|wait|watch|tail|logs?|view|show|search|find|grep|describe|inspect|query|fetch|cat|peek|ps|output|snapshot|screenshot)(?:[-_.]|$)/i;
const READ_CAMEL =
  /^(?:get|read|list|check|wait|watch|view|show|search|find|describe|inspect|query|fetch|poll)[A-Z]/;
const SHELL_NAME = /shell|bash|terminal|command|exec/i;
const READ_COMMANDS = new Set([
  'ls',
  'cat',
  'tail',
  'head',
  'grep',
  'rg',
  'find',
  'ps',
  'pwd',
  'echo',
  'sleep',
  'wc',
  'stat',
  'du',
  'df',
  'top',
  'uptime',
  'jobs',
  'which',
  'env',
  'date',
  'true',
]);
const READ_GIT = new Set(['status', 'log', 'diff', 'show', 'branch']);

function readOnlyCommand(cmd: string): boolean {
  const segments = cmd.split(/&&|\|\||;|\|/).map((s) => s.trim().split(/\s+/));
  return segments.every((w) => {
    const first = w[0] ?? '';
    if (first === 'git') return READ_GIT.has(w[1] ?? '');
    if (first === 'docker' || first === 'kubectl')
      return ['ps', 'logs', 'get', 'describe'].includes(w[1] ?? '');
    return READ_COMMANDS.has(first);
  });
}

/** What a tool name alone says: a look, a shell (read its command), or neither. */
const LOOK = 0;
const SHELL = 1;
const OTHER = 2;

function nameKind(name: string): number {
  if (observationPatternFor(name, DEFAULT_OBSERVATION_TOOLS) !== null) return LOOK;
  if (READ_WORD.test(name) || READ_CAMEL.test(name)) return LOOK;
  return SHELL_NAME.test(name) ? SHELL : OTHER;
}

/**
 * `nameKind` by name: a transcript has a few tool names and many calls, and the tests
 * lower-case every name against every pattern. Emptied when full, so a transcript of
 * countless names cannot grow it without bound.
 */
const kinds = new Map<string, number>();
const KINDS_MAX = 4096;

/** A reference observation pattern matches, the name reads like a look, or a shell command only reads. */
export function looksReadOnly(c: ZooCall): boolean {
  let kind = kinds.get(c.name);
  if (kind === undefined) {
    if (kinds.size >= KINDS_MAX) kinds.clear();
    kind = nameKind(c.name);
    kinds.set(c.name, kind);
  }
  if (kind !== SHELL) return kind === LOOK;
  if (!isJsonObject(c.args)) return false;
  const cmd = c.args.get('command') ?? c.args.get('cmd');
  return typeof cmd === 'string' && cmd.trim() !== '' && readOnlyCommand(cmd);
}
