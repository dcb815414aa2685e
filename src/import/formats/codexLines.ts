/**
 * A Codex rollout followed as it grows (`LinesFollower`): its mapping is a fold over the lines
 * in order (`CodexFold`), so each step maps only the lines the file gained. The events of
 * `codex exec --json` are read apart, from all of them, and are read again whole each step.
 */
import type { JsonValue } from '../../json/index';
import type { FormatOutput } from '../format';
import { LinesFollower, type FollowedLine } from '../lineFollower';
import { CodexFold, codexOutput, isExecStart } from './codex';

type CodexLine = FollowedLine;

export class CodexFollower extends LinesFollower<CodexLine> {
  private fold: CodexFold | null = null;
  private exec = false;

  constructor(forced: boolean) {
    super('codex', forced);
  }

  protected fromValue(value: JsonValue): CodexLine {
    return { value, line: 0, span: undefined, index: 0 };
  }

  protected advance(from: number): FormatOutput {
    const added = this.records.slice(from);
    if (this.exec || added.some(isExecStart)) {
      this.exec = true;
      return codexOutput(this.records);
    }
    this.fold ??= new CodexFold();
    this.fold.add(added);
    return this.fold.output();
  }

  protected override forget(): void {
    this.fold = null;
  }
}
