import type { KeyValueStorage } from './config';

/** What survives a page reload so an upload of the same file resumes (DESIGN.md §9). */
export interface MultipartCheckpoint {
  key: string;
  uploadId: string;
  bucket: string;
  partsTotal: number;
  savedAt: number;
}

/** The checkpoint key of a file: appId, name, size and lastModified (a File has no stable id). */
export const checkpointKeyOf = (
  appId: string,
  file: Blob & { name: string; lastModified?: number },
): string => `h5-upload:multipart:${JSON.stringify([appId, file.name, file.size, file.lastModified ?? 0])}`;

/** Reads, writes and deletes checkpoints; a blocked or damaged storage means no resume, never an error. */
export function checkpointStore(storage: KeyValueStorage | undefined, storageKey: string) {
  return {
    read(): MultipartCheckpoint | null {
      try {
        const value = JSON.parse(
          storage?.getItem(storageKey) ?? 'null',
        ) as Partial<MultipartCheckpoint> | null;
        if (
          value &&
          typeof value.key === 'string' &&
          typeof value.uploadId === 'string' &&
          typeof value.bucket === 'string' &&
          typeof value.partsTotal === 'number'
        ) {
          return {
            key: value.key,
            uploadId: value.uploadId,
            bucket: value.bucket,
            partsTotal: value.partsTotal,
            savedAt: value.savedAt ?? 0,
          };
        }
      } catch {
        // damaged value: start over
      }
      return null;
    },
    write(checkpoint: MultipartCheckpoint): void {
      try {
        storage?.setItem(storageKey, JSON.stringify(checkpoint));
      } catch {
        // storage full or blocked: this upload just cannot resume after a reload
      }
    },
    remove(): void {
      try {
        storage?.removeItem(storageKey);
      } catch {
        // blocked storage holds nothing to remove
      }
    },
  };
}
