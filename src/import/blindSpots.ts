// What the detector cannot see in an imported conversation, said once as import notes.
import type { ChatMessage } from '../detector/index';
import { ORPHAN_ID, type Conversation } from './build';
import type { FormatId } from './types';
import { plural } from './warnings';
import { isJsonObject } from '../json/index';

/**
 * What the detector will not be able to see in an imported conversation, said once so a
 * user never takes a transcript the detector is blind to for a clean one. Fed one message at
 * a time, so the import that streams a large body need not hold its messages.
 */
export class BlindSpotWatch {
  private batches = 0;
  private answers = 0;
  /** Of the gaps between one batch and the next, those a user turn broke. */
  private brokenGaps = 0;
  /** A user turn came since the last batch. */
  private userSince = false;
  /** Replies that spell an action in their words, ReAct's way, and the observations after. */
  private spelled = 0;
  private observed = 0;
  private lastSpelled = false;
  /** Tool messages no reply's calls came before (the writer kept the answers, not the calls). */
  private unasked = 0;
  /** The ids of the calls seen so far, to tell an answer to a call the writer did not keep. */
  private ids = new Set<string>();
  /**
   * The ids a copy saw itself: a copy shares the watch's own (a growing conversation's watch
   * is copied at every growth, to see its open reply; the ids are not copied each time).
   */
  private more: Set<string> | null = null;
  private ownsIds = true;
  /** A call came without an id (its answer then cannot be told from one to a call not kept). */
  private idless = false;

  /** A watch that has seen what this one has, to see more without changing this one. */
  copy(): BlindSpotWatch {
    const w = new BlindSpotWatch();
    w.batches = this.batches;
    w.answers = this.answers;
    w.brokenGaps = this.brokenGaps;
    w.userSince = this.userSince;
    w.spelled = this.spelled;
    w.observed = this.observed;
    w.lastSpelled = this.lastSpelled;
    w.unasked = this.unasked;
    w.ids = this.ids;
    w.more = this.more === null ? null : new Set(this.more);
    w.ownsIds = false;
    w.idless = this.idless;
    return w;
  }

  see(m: ChatMessage): void {
    const role = m.role;
    const spelled = this.lastSpelled;
    this.lastSpelled = false;
    if (this.batches === 0 && (role === 'assistant' || (role === 'user' && spelled))) {
      const text = wordsOf(m.content);
      if (role === 'assistant' && !Array.isArray(m.tool_calls) && REACT_ACTION.test(text)) {
        this.spelled++;
        this.lastSpelled = true;
      } else if (role === 'user' && /^\s*Observation\b/.test(text)) this.observed++;
    }
    if (role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
      for (const c of m.tool_calls) {
        const id = isJsonObject(c) ? c.get('id') : undefined;
        if (typeof id !== 'string' || id === '') this.idless = true;
        else if (this.ownsIds) this.ids.add(id);
        else (this.more ??= new Set()).add(id);
      }
      if (this.batches > 0 && this.userSince) this.brokenGaps++;
      this.batches++;
      this.userSince = false;
      return;
    }
    if (role === 'tool') {
      const id = m.tool_call_id;
      // An answer under an id no call kept (a history cut by a summary left its answer), not
      // one the import paired with nothing and said so itself (`syn-orphan-`).
      if (typeof id !== 'string') {
        if (this.batches === 0) this.unasked++;
      } else if (this.known(id) || this.idless || id.startsWith(ORPHAN_ID)) this.answers++;
      else this.unasked++;
      return;
    }
    if (role === 'user') this.userSince = true;
  }

  private known(id: string): boolean {
    return this.ids.has(id) || this.more?.has(id) === true;
  }

  warnings(format: FormatId): string[] {
    const out: string[] = [];
    if (this.batches === 0 && this.spelled >= 2 && this.observed > 0) {
      out.push(
        `${plural(this.spelled, 'reply', 'replies')} spell an action in ${this.spelled === 1 ? 'its' : 'their'} words (\`Action: …\`, answered by \`Observation\` turns), as ReAct-style agents write them: no tool call is kept as data, so the detector replays none of them.`,
      );
    }
    if (this.unasked > 0)
      out.push(
        `${plural(this.unasked, 'tool result')} ${this.unasked === 1 ? 'answers' : 'answer'} no call the transcript keeps: its writer saved the answers but not the calls that asked for them, so the detector replays none of those calls.`,
      );
    const broken = this.batches > 1 && this.brokenGaps === this.batches - 1;
    if (format === 'cline' && (broken || (this.batches > 0 && this.answers === 0))) {
      // Cline's own reading: the results are there, as user text.
      out.push(
        'The reference can never refuse this session: every tool result arrives as a user turn, which breaks the run. Read the results as tool messages (--cline-results tool, or “Cline results” in the app) to see the loops that are there.',
      );
      return out;
    }
    if (this.batches > 0 && this.answers === 0) {
      out.push(
        `The transcript has ${plural(this.batches, 'tool-call batch', 'tool-call batches')} but no tool results: the detector sees no answers, so no changed answer can reset a run and nothing is rescued.`,
      );
    }
    // The last batch needs no user turn after it; every earlier one had one.
    if (broken) {
      out.push(
        'Every tool-call batch is followed by a user turn, which breaks the run: the reference can never refuse this conversation as it stands.',
      );
    }
    return out;
  }
}

/**
 * `blindSpots` of a conversation that grows, in time proportional to what it gained: the
 * messages before its open reply are final (`Conversation.openAssistant`), so each is seen once.
 */
export class GrowingBlindSpots {
  private readonly settled = new BlindSpotWatch();
  private seen = 0;

  of(c: Conversation, format: FormatId): string[] {
    const messages = c.messages;
    const open = c.openAssistant;
    const end = open < 0 ? messages.length : open;
    for (; this.seen < end; this.seen++) this.settled.see(messages[this.seen] as ChatMessage);
    const w = this.settled.copy();
    for (let i = end; i < messages.length; i++) w.see(messages[i] as ChatMessage);
    return w.warnings(format);
  }
}

/** An action a reply spells on a line of its own (`Action: Click [10]`, `Action 2: Search[x]`). */
const REACT_ACTION = /(?:^|\n)[ \t]*Action(?: \d+)?:[ \t]*\S/;

/** A message's words: its text, or its text parts' (an image part has none). */
function wordsOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let out = '';
  for (const p of content as unknown[]) {
    const t = p instanceof Map ? p.get('text') : undefined;
    if (typeof t === 'string') out += `${t}\n`;
  }
  return out;
}

/** `BlindSpotWatch` over a whole message list. */
export function blindSpots(messages: readonly ChatMessage[], format: FormatId): string[] {
  const w = new BlindSpotWatch();
  for (const m of messages) w.see(m);
  return w.warnings(format);
}

/** The warning for a non-empty file from which the import kept no message. */
export function nothingKept(label: string): string {
  return `The file is not empty, but reading it as ${label} kept no message: the detector sees nothing in it.`;
}
