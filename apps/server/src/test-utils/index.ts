export * from './app';
export * from './database';
