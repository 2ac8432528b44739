/**
 * Business constants and limits of spec §9 (plus the few fixed identifiers of §2–§4 that
 * several packages share). Values are the spec's own numbers; names say what they bound.
 * One module per concern so a page bundles only the ones it uses (first-load JS, DESIGN.md §8).
 */

export * from './constants/analytics';
export * from './constants/backstage';
export * from './constants/categories';
export * from './constants/content';
export * from './constants/display';
export * from './constants/http';
export * from './constants/limits';
export * from './constants/query';
export * from './constants/request';
export * from './constants/session';
export * from './constants/share-channels';
export * from './constants/timing';
export * from './constants/versions';
