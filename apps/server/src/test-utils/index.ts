export * from './analytics';
export * from './app';
export * from './contents';
export * from './database';
export * from './feedback';
export * from './lottery';
export * from './operators';
export * from './pg-cluster';
