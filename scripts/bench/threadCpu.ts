// Shared by the benchmarks that time one thread's work.
import { readFileSync } from 'node:fs';

/** This thread's CPU time in ms (Linux; 10 ms steps), so a loaded machine's waits don't count. */
export function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}
