import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../plugins/trusted-proxy';

/** The bucket of an app: its id, with `-abroad` for the abroad gateway. */
export const bucketOf = (appId: string, abroad: boolean): string => (abroad ? `${appId}-abroad` : appId);

/** The app id a bucket belongs to. */
export const appIdOfBucket = (bucket: string): string => bucket.replace(/-abroad$/, '');

/** The origin of the storage and CDN hosts a token names (never X-Forwarded-Host; see publicOrigin). */
export const originOf = (request: FastifyRequest): string => publicOrigin(request);
