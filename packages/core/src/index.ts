export * from './codes';
export * from './sign';
