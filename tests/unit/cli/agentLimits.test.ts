// The agent path's own limits on the command line: --max-iterations, --max-parallel-tools.
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/run';
import { memoryIo } from './memoryIo';

const call = (k: number) => ({
  id: `c${k}`,
  type: 'function',
  function: { name: 'write_file', arguments: '{"p":1}' },
});
// The same failing write three times: refused at the third in agent mode at the defaults.
const LOOP = JSON.stringify({
  messages: [
    { role: 'user', content: 'save' },
    ...[0, 1, 2].flatMap((k) => [
      { role: 'assistant', content: null, tool_calls: [call(k)] },
      { role: 'tool', tool_call_id: `c${k}`, content: 'EACCES' },
    ]),
  ],
});

const io = () => memoryIo({ 'loop.json': LOOP });

describe('--max-iterations and --max-parallel-tools', () => {
  it('replay the agent loop with those limits, and say so in the JSON', async () => {
    const a = io();
    expect(await run(['--mode', 'agent', 'loop.json'], a.io)).toBe(1);
    const b = io();
    expect(
      await run(['--mode', 'agent', '--max-iterations', '2', '--json', 'loop.json'], b.io),
    ).toBe(0);
    const report = JSON.parse(b.out.join('')) as { config: Record<string, unknown> };
    expect(report.config).toMatchObject({ maxIterations: 2, maxParallelTools: 25 });
    const c = io();
    expect(await run(['--mode=agent', '--max-parallel-tools=0', 'loop.json'], c.io)).toBe(0);
  });

  it('are refused without --mode agent, and need a whole number', async () => {
    const a = io();
    expect(await run(['--max-iterations', '3', 'loop.json'], a.io)).toBe(2);
    expect(a.errs.join('')).toMatch(/apply to the agent path: add --mode agent/);
    const b = io();
    expect(await run(['--mode', 'agent', '--max-parallel-tools', 'x', 'loop.json'], b.io)).toBe(2);
    expect(b.errs.join('')).toMatch(/--max-parallel-tools must be a whole number/);
  });

  it('go into the exported settings', async () => {
    const a = io();
    await run(['--mode', 'agent', '--max-iterations', '60', '--export-reference-settings'], a.io);
    const settings = JSON.parse(a.out.join('')) as Record<string, unknown>;
    expect(settings).toMatchObject({ max_iterations: 60, max_parallel_tools: 25 });
    expect((settings['_note'] as string[]).join('\n')).toMatch(/max_iterations 60 is outside/);
  });
});
