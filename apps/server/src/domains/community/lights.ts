import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Issue 6: the routes of the community part 'lights' (filled in by its owner). */
export function registerLightsRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
