/**
 * The placeholder's loading line, alone in its module: the feed's skeleton says only this, and a
 * bundler keeps a module's whole object for one of its properties (first-load JS budget,
 * DESIGN.md §8). PLACEHOLDER_MESSAGES (placeholder.ts) holds it with the others.
 */
export const PLACEHOLDER_LOADING = '加载中';
