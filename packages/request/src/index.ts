export * from './api-error';
export * from './build-request';
export * from './client';
