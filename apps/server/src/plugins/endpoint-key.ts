import type { Endpoint } from '@h5/contract';

/**
 * Registry key of an entry: method and path, not object identity. The web build bundles its own
 * copy of @h5/contract, so the loaders' endpoint objects are equal in value only.
 */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>): string =>
  `${endpoint.method} ${endpoint.path}`;
