// Byte arrays joined end to end (no library the project uses has it; fflate's are streaming).

/** The parts' bytes, one after another, in a new array. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
