/** Per-call and batch signatures (docs/detector.md §3.3). */
import { canonicalArgs } from './canonical';
import { fnv1a64Hex } from './fnv1a';
import { compareUtf8 } from '../json/utf8order';
import { sortSmall } from './sortSmall';
import type { ToolCall } from './toolCalls';

/** `name:hhhhhhhhhhhhhhhh`: the name as given, then FNV-1a 64 of the canonical arguments. */
export function callSignature(c: Pick<ToolCall, 'name' | 'arguments'>): string {
  return c.name + ':' + fnv1a64Hex(canonicalArgs(c.arguments));
}

/** Joins per-call signatures: sorted by UTF-8 bytes, joined with `|` (call order is irrelevant). */
export function joinCallSignatures(signatures: readonly string[]): string {
  if (signatures.length === 1) return signatures[0] as string;
  return sortSmall(signatures.slice(), compareUtf8).join('|');
}

/** The batch signature: per-call signatures sorted byte-wise and joined with `|`. */
export function batchSignature(calls: readonly Pick<ToolCall, 'name' | 'arguments'>[]): string {
  return joinCallSignatures(calls.map(callSignature));
}
