import type { FastifyRequest } from 'fastify';

/** The bucket of an app: its id, with `-abroad` for the abroad gateway. */
export const bucketOf = (appId: string, abroad: boolean): string => (abroad ? `${appId}-abroad` : appId);

/** The app id a bucket belongs to. */
export const appIdOfBucket = (bucket: string): string => bucket.replace(/-abroad$/, '');

/** The request's own origin (x-forwarded-* only with TRUST_PROXY, which Fastify applies). */
export const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
