/**
 * `loopscope --merge`: the `--json-lines` outputs of several runs (jobs on one machine or many)
 * printed as one run over all their files would print them. Each run's totals line vouches for
 * the lines before it, so a job cut short or two outputs mixed line by line is an error, not a
 * smaller corpus.
 */
import type { Report } from '../detector/index';
import { settle, type CorpusResult, type Render } from './corpus';
import { corpusPrinter, type CorpusIo, type PrintOptions } from './corpusRun';
import { oneLine } from './oneLine';
import { readFailure } from './readFailure';

/** Thrown for an input that is no `--json-lines` output; run() prints it as its one line. */
export class MergeFailure extends Error {}

interface Entry {
  readonly file?: unknown;
  readonly line?: unknown;
  readonly conversation?: unknown;
  readonly report?: unknown;
  readonly error?: unknown;
  readonly totals?: {
    readonly transcripts?: unknown;
    readonly skipped?: unknown;
    readonly skippedFiles?: unknown;
  };
}

function resultOf(e: Entry): CorpusResult | null {
  if (typeof e.file !== 'string') return null;
  const line = typeof e.line === 'number' ? e.line : null;
  const place = {
    file: e.file,
    line,
    ...(typeof e.conversation === 'string' ? { conversation: e.conversation } : {}),
  };
  if (typeof e.error === 'string') return { ...place, error: e.error };
  if (typeof e.report === 'object' && e.report !== null) {
    return { ...place, report: e.report as Report };
  }
  return null;
}

async function textOf(input: string, io: CorpusIo): Promise<string> {
  try {
    const bytes = input === '-' ? await io.readStdin() : io.readFile(input);
    return new TextDecoder('utf-8').decode(bytes);
  } catch (e) {
    throw new MergeFailure(readFailure(input === '-' ? '<stdin>' : input, e));
  }
}

function skippedFiles(totals: NonNullable<Entry['totals']>, at: string): readonly string[] {
  const files = totals.skippedFiles;
  if (files === undefined) return [];
  const ok =
    Array.isArray(files) &&
    files.every((f) => typeof f === 'string') &&
    (totals.skipped === undefined || totals.skipped === files.length);
  if (!ok) throw new MergeFailure(`${at}: a totals line whose skipped files do not add up`);
  return files as readonly string[];
}

/** Reads every input and prints the one run they make; returns the exit status. */
export async function mergeRuns(
  inputs: readonly string[],
  opts: PrintOptions,
  configLine: string,
  io: CorpusIo,
): Promise<number> {
  const render: Render = opts.jsonLines ? 'json-lines' : opts.json ? 'json' : 'table';
  const printer = corpusPrinter(opts, configLine, io);
  for (const input of inputs) {
    const name = input === '-' ? '<stdin>' : input;
    const lines = (await textOf(input, io)).split('\n');
    let since = 0;
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i] ?? '';
      if (text.trim() === '') continue;
      const at = `${name}:${i + 1}`;
      let entry: Entry;
      try {
        entry = JSON.parse(text) as Entry;
      } catch (e) {
        throw new MergeFailure(
          `${at}: not JSON (${oneLine(e instanceof Error ? e.message : String(e))})`,
        );
      }
      if (typeof entry !== 'object' || entry === null) {
        throw new MergeFailure(`${at}: not a line of loopscope --json-lines`);
      }
      if (entry.totals !== undefined) {
        if (entry.totals.transcripts !== since) {
          throw new MergeFailure(
            `${at}: a totals line counting ${String(entry.totals.transcripts)} conversations follows ${since}: outputs cut short or mixed`,
          );
        }
        // A run's skipped files are the merged run's too; an output written before they were
        // listed has none to give.
        for (const file of skippedFiles(entry.totals, at)) printer.skip(file);
        since = 0;
        continue;
      }
      const result = resultOf(entry);
      if (result === null) throw new MergeFailure(`${at}: not a line of loopscope --json-lines`);
      printer.add(settle(result, render));
      since++;
    }
    if (since > 0) {
      throw new MergeFailure(
        `${name}: ends with ${since} conversations and no totals line: a run did not finish`,
      );
    }
  }
  return printer.finish();
}
