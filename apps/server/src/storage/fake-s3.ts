// Test-only: the names the upload domain's tests (store-failure, multipart-races) import the S3 test
// service by; it is s3rver now (s3-test-server.ts). Goes once those tests import that file.
export { s3TestEnv as fakeS3Env, startS3TestServer as startFakeS3 } from './s3-test-server';
