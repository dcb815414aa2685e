// Arguments the table's entries find are values of the tree the replay signs, whatever a
// writer left out: a JSON text they unwrap is parsed into that tree, a missing one stays missing.
import { describe, expect, it } from 'vitest';
import { fixture, importAll, run } from './helpers';

const text = (path: string): string => new TextDecoder().decode(fixture(path));

describe('the arguments an entry finds', () => {
  it("are signed when a Monocle MCP span's JSON text is the only copy of its call", () => {
    const spans = JSON.parse(text('generic/monocle-langgraph-mcp-trace.json')) as unknown[];
    // Without the model's span the MCP span's unwrapped arguments are the call's own.
    const [c] = importAll(JSON.stringify(spans.slice(1)));
    if (c === undefined) throw new Error('no conversation read');
    expect(() => run(c)).not.toThrow();
    expect(run(c).batches[0]?.calls?.[0]).toMatchObject({ name: 'get_forecast' });
  });

  it('are none for a Midscene task whose `param` is null', () => {
    const dump = JSON.parse(text('generic/midscene-report-dump.json')) as {
      dump: { executions: { tasks: { type: string; param: unknown }[] }[] };
    };
    for (const t of dump.dump.executions[1]?.tasks ?? [])
      if (t.type === 'Action Space') t.param = null;
    const list = importAll(JSON.stringify(dump));
    for (const c of list) expect(() => run(c)).not.toThrow();
  });
});
