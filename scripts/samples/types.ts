// What a sample is (its file, its menu entry, its builder) and the tools the samples share.
import type { ExpectedRefusal, TranscriptBuilder } from './builder';

/** One sample: its file name, its Samples-menu entry, and how to build it. */
export interface SampleDef {
  readonly file: string;
  readonly title: string;
  readonly description: string;
  /** What a reader should see, one or two sentences for the README. */
  readonly shows: string;
  readonly make: () => TranscriptBuilder;
}

export type { ExpectedRefusal };

export const CODING_TOOLS = [
  'read_file',
  'list_dir',
  'grep_search',
  'edit_file',
  'write_file',
  'run_in_terminal',
  'get_terminal_output',
  'get_errors',
];

export const CODING_SYSTEM =
  'You are a coding agent working in the user\u2019s repository at /workspace. Use the tools to inspect and change files. Run the relevant tests before you say you are done, and keep your explanations short.';
