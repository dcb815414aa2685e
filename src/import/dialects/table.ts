// The one table of tool-call dialects: how each writer spells a call and its result.
import type { DialectEntry, DialectId } from './entry';
import { AGENT_DIALECTS } from './families/agents';
import { FRAMEWORK_DIALECTS } from './families/frameworks';
import { PROTOCOL_DIALECTS } from './families/protocols';
import { PROVIDER_DIALECTS } from './families/providers';
import { SESSION_DIALECTS } from './families/sessions';
import { TRACE_DIALECTS } from './families/traces';

export type { DialectEntry, DialectId, FoundCall, Place, Trigger } from './entry';
export { isNumber } from './entry';
export { HOOK_AFTER, HOOK_BEFORE, LOGGED_EVENT_KEYS } from './families/agents';
export { atofCallId } from './families/protocols';
export { WINDSURF_TURNS } from './families/sessions';

/** Every dialect, in the order an object is tried (the first that reads it wins). */
export const DIALECTS: readonly DialectEntry[] = [
  ...PROVIDER_DIALECTS,
  ...FRAMEWORK_DIALECTS,
  ...AGENT_DIALECTS,
  ...SESSION_DIALECTS,
  ...PROTOCOL_DIALECTS,
  ...TRACE_DIALECTS,
];

/** The table entry of a dialect id. */
export function dialectEntry(id: DialectId): DialectEntry | undefined {
  return DIALECTS.find((d) => d.id === id);
}
