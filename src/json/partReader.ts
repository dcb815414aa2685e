/**
 * `JsonPartReader`: values read one at a time out of one large text, by the lenient reader of
 * parse.ts.
 */
import type { JsonValue } from './value';
import { Failure, Parser, syntaxError, type JsonDiagnostics, type JsonSyntaxError } from './parse';

/**
 * Reads single values out of one large text, one at a time, where they stand (the messages of a
 * transcript, each read and let go): each read gives what `parseJson` gives for that
 * value alone (value and diagnostics, no `topSpans`), without slicing the text. One reader keeps
 * its place in the text's escapes between reads, so reading every value in order is one pass;
 * the shared key table only takes strings V8 copies, so no slice of the text stays in it. A read
 * allocates nothing but the value: the results are fields, valid until the next read.
 */
export class JsonPartReader {
  private readonly parser: Parser;
  /** Where the last read stopped (past its value; unknown after a failed read). */
  private reach = 0;
  /** The value of the last successful read. */
  value: JsonValue = null;
  /** Where that value ends in the text (exclusive). */
  end = 0;

  /**
   * `literalOf`: a member name whose string value's literal (quotes and escapes as written)
   * `literal()` gives after each read of an object.
   */
  constructor(
    private readonly text: string,
    literalOf: string | null = null,
  ) {
    this.parser = new Parser(text, false, true);
    this.parser.literalKey = literalOf;
  }

  /**
   * The literal of the last read object's `literalOf` member as written in the text (a slice of
   * it, not a copy), when that member's value is a string; else null. With a repeated key it is
   * the last one's, whose value the object holds.
   */
  literal(): string | null {
    const p = this.parser;
    const v = this.value;
    if (p.literalStart < 0 || !(v instanceof Map)) return null;
    if (typeof v.get(p.literalKey as string) !== 'string') return null;
    return this.text.slice(p.literalStart, p.literalEnd);
  }

  /** The diagnostics of the last read (the same object each time, reset by every read). */
  get diagnostics(): Required<JsonDiagnostics> {
    return this.parser.diagnostics;
  }

  /**
   * Reads the JSON value starting at `start` (no whitespace before it); null when it did, else
   * the syntax error that stops it. Nothing after the value is looked at.
   */
  read(start: number): JsonSyntaxError | null {
    const p = this.parser;
    // The escape index only ever moves forward: a read that starts before where the last one
    // reached (an earlier value, the same one again, one inside it) starts it again.
    if (start < this.reach) p.forgetEscapes();
    this.reach = Infinity;
    p.pos = start;
    const d = p.diagnostics;
    d.maxDepth = 0;
    d.loneSurrogate = false;
    d.duplicateKey = false;
    d.duplicateKeyObjects.length = 0;
    d.numberOutOfRange = false;
    p.literalStart = -1;
    try {
      this.value = p.run();
      this.end = p.pos;
      this.reach = p.pos;
      return null;
    } catch (e) {
      if (e instanceof Failure) return syntaxError(this.text, e);
      throw e;
    }
  }
}
