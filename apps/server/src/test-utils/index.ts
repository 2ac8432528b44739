export * from './analytics';
export * from './app';
export * from './database';
export * from './feedback';
export * from './pg-cluster';
