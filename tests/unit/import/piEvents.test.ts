// pi's agent events: each message read once, from the event that finishes it.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { splitNotes } from '../../../src/import/notes';
import { fixture } from './helpers';

const text = () => new TextDecoder().decode(fixture('generic/pi-json-events.jsonl'));

function sentences(t: string) {
  const r = importConversations(t, { name: 'events.jsonl' });
  if (!r.ok) throw new Error(r.error.message);
  return splitNotes(r.value[0]?.warnings ?? []);
}

describe("pi's agent events", () => {
  it('says in a note that the repeating events were skipped, where that is all', () => {
    const t = text();
    const whole = t.slice(0, t.indexOf('{"type": "agent_start"}', 10));
    const s = sentences(whole);
    expect(s.notes).toEqual([
      "Read “events.jsonl” as pi's agent events: the 6 messages its runs finish; the start, update, turn and run events repeat them and are skipped.",
    ]);
  });

  it('warns where a tool run is read from its own events', () => {
    expect(sentences(text()).warnings[0]).toMatch(
      /1 tool run whose call no message holds is read from its own events\.$/,
    );
  });
});
