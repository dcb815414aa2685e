import { describe, expect, it } from 'vitest';
import { blocksOf, closesFence, fenceOpening } from '../../../src/import/fences';

describe('markdown fences', () => {
  it('opens on three or more backticks or tildes, indented at most three spaces', () => {
    expect(fenceOpening('```json')).toBe('```');
    expect(fenceOpening('   ~~~~ sh')).toBe('~~~~');
    expect(fenceOpening('    ```')).toBeNull();
    expect(fenceOpening('``')).toBeNull();
    expect(fenceOpening('text ```')).toBeNull();
  });

  it('closes on the same character, at least as many, and nothing else', () => {
    expect(closesFence('```', '```')).toBe(true);
    expect(closesFence('```', '`````  ')).toBe(true);
    expect(closesFence('````', '```')).toBe(false);
    expect(closesFence('```', '~~~')).toBe(false);
    expect(closesFence('```', '```python')).toBe(false);
    expect(closesFence('~~~', '~~~`')).toBe(false);
  });

  it('keeps what a fence holds out of the lines, a longer fence holding a shorter one', () => {
    const text = ['# Title', '````md', '## inside', '```', 'still inside', '````', 'after'].join(
      '\r\n',
    );
    expect(blocksOf(text)).toEqual([
      { kind: 'line', text: '# Title' },
      { kind: 'fence', text: '## inside\n```\nstill inside' },
      { kind: 'line', text: 'after' },
    ]);
  });

  it('runs a fence left open to the end', () => {
    expect(blocksOf('a\n~~~\nb\n```')).toEqual([
      { kind: 'line', text: 'a' },
      { kind: 'fence', text: 'b\n```' },
    ]);
  });
});
