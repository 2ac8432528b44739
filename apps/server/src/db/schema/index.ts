export * from './analytics';
export * from './auth';
export * from './commerce';
export * from './community';
export * from './config';
export * from './content';
export * from './feedback';
export * from './upload';
