// Builds a sample transcript call by call, and records which batches it expects refused.
import { Prng } from '../lib/prng';

/** Why a batch is expected to be refused (docs/report.md §3.3, `reason`). */
export type ExpectedReason = 'strikes' | 'ceiling';

/** One refusal a sample is built to produce, written into the README and asserted by tests. */
export interface ExpectedRefusal {
  readonly batchIndex: number;
  readonly messageIndex: number;
  readonly reason: ExpectedReason;
}

/** A call as the sample author writes it: a tool name and its arguments object. */
export interface SampleCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

type Message = Record<string, unknown>;

/**
 * Builds one OpenAI chat-completions request body, keeping track of batch and message indexes so
 * each sample states its expected refusals by construction (not by running the detector).
 */
export class TranscriptBuilder {
  private readonly messages: Message[] = [];
  private readonly prng: Prng;
  private batches = 0;
  private readonly expected: { proxy: ExpectedRefusal[]; agent: ExpectedRefusal[] } = {
    proxy: [],
    agent: [],
  };

  constructor(
    private readonly model: string,
    seed: number,
    private readonly tools: readonly string[] = [],
  ) {
    this.prng = new Prng(seed);
  }

  system(text: string): this {
    this.messages.push({ role: 'system', content: text });
    return this;
  }

  user(text: string): this {
    this.messages.push({ role: 'user', content: text });
    return this;
  }

  /** An assistant turn with prose only (no calls): never reaches the loop detector. */
  say(text: string): this {
    this.messages.push({ role: 'assistant', content: text });
    return this;
  }

  /**
   * An assistant batch followed by one tool answer per call, in call order.
   * `refused` names the reason the batch is expected to be refused in both modes
   * (or per mode), if it is.
   */
  batch(
    calls: readonly SampleCall[],
    answers: readonly string[],
    opts: {
      narration?: string;
      refused?: ExpectedReason | { proxy?: ExpectedReason; agent?: ExpectedReason };
    } = {},
  ): this {
    if (answers.length !== calls.length) throw new Error('one answer per call');
    const messageIndex = this.messages.length;
    const ids = calls.map(() => this.prng.callId());
    this.messages.push({
      role: 'assistant',
      content: opts.narration ?? null,
      tool_calls: calls.map((c, i) => ({
        id: ids[i],
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      })),
    });
    answers.forEach((a, i) =>
      this.messages.push({ role: 'tool', tool_call_id: ids[i], content: a }),
    );
    const refused = opts.refused;
    if (refused !== undefined) {
      const perMode = typeof refused === 'string' ? { proxy: refused, agent: refused } : refused;
      for (const mode of ['proxy', 'agent'] as const) {
        const reason = perMode[mode];
        if (reason) this.expected[mode].push({ batchIndex: this.batches, messageIndex, reason });
      }
    }
    this.batches++;
    return this;
  }

  /** The request body, and the refusals the sample was built to produce. */
  build(): {
    body: Record<string, unknown>;
    expected: { proxy: ExpectedRefusal[]; agent: ExpectedRefusal[] };
    batches: number;
  } {
    const body: Record<string, unknown> = { model: this.model, messages: this.messages };
    if (this.tools.length > 0) {
      body.tools = this.tools.map((name) => ({
        type: 'function',
        function: { name, parameters: { type: 'object' } },
      }));
    }
    return { body, expected: this.expected, batches: this.batches };
  }
}

/** A single-call batch, the common case. */
export function call(name: string, args: Record<string, unknown>): SampleCall[] {
  return [{ name, args }];
}
