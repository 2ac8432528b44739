export * from './analytics';
export * from './app';
export * from './database';
