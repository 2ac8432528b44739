import { randomBytes } from 'node:crypto';

let generationCounter = 0;
/**
 * A fixed-width (17 of [0-9a-z]), increasing name part for a staged multipart part: the time, a per-process counter
 * (order within one millisecond) and a random tail (a total order across processes). Of several
 * copies of one part number the highest generation is the part, so concurrent writers of one
 * number never leave none.
 */
export function nextGeneration(): string {
  generationCounter = (generationCounter + 1) % 36 ** 4;
  return `${Date.now().toString(36).padStart(9, '0')}${generationCounter.toString(36).padStart(4, '0')}${randomBytes(2).toString('hex')}`;
}
