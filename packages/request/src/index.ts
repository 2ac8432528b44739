export * from './api-base';
export * from './api-error';
export * from './build-request';
export * from './client';
export { apiErrorOf } from './read-response';
export * from './risk-gate';
