// A shell command's words, as a writer quoted them, split back.
/**
 * A command as a writer printed its words (Rust's `shlex` join, as `codex exec` does), split
 * back; null where a quote is left open. Written by hand: shell parsers (shell-quote) also read
 * operators and expand variables, where this only undoes the quoting.
 */
export function shellWords(command: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const add = (s: string) => {
    word = (word ?? '') + s;
  };
  while (i < command.length) {
    const c = command[i] as string;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return null;
      add(command.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      let s = '';
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && /["\\$`\n]/.test(command[j + 1] ?? '')) j++;
        s += command[j] as string;
      }
      if (j >= command.length) return null;
      add(s);
      i = j + 1;
    } else if (c === '\\') {
      add(command[i + 1] ?? '');
      i += 2;
    } else {
      add(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
