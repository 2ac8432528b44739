import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerDataCenterRoutes } from './data-center';

/** The creator domain (issue 15): the data centre. */
export function registerCreatorRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDataCenterRoutes(app, deps);
}
