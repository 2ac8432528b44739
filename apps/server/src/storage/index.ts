export { createObjectStore } from './create-store';
export { assertObjectName, isValidBucket, keyProblem } from './key-path';
export { LocalDiskStore } from './local-disk-store';
export {
  isStoreError,
  type ObjectInfo,
  type ObjectStore,
  type PartInfo,
  type PutOptions,
  StoreError,
  type StoreErrorCode,
} from './object-store';
export { type S3Config, S3Store } from './s3-store';
export { isStoreUnavailable, S3ResponseError } from './unavailable';
