import { put } from './cache';
import { type EntryName, type InputOf, keyOf, type OutputOf } from './entry';
import type { EntryState } from './use-entry';

/**
 * Puts a write's answer where the screen reads its entry, when the answer is the entry's new
 * value (a membership, an award received): every reader shows it at once, no button flashing back
 * before a reload arrives.
 */
export function putEntry<N extends EntryName>(name: N, input: InputOf<N>, data: OutputOf<N>): void {
  put<EntryState<OutputOf<N>>>(keyOf(name, input as object), { status: 'ready', data });
}
