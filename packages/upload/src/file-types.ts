import { type FileTypeEnum, fileTypeEnumSchema, upload } from '@h5/contract';
import type { KeyValueStorage, UploadDeps } from './config';

/** Session storage key of the cached file-type enum (docs/upload-protocol.md §7). */
export const FILE_TYPES_STORAGE_KEY = 'h5-upload:file-types';

/** A loader of the file-type enum: one request per session, shared by concurrent callers. */
export function createFileTypesLoader(api: UploadDeps['api'], session: KeyValueStorage | undefined) {
  let cached: FileTypeEnum | undefined;
  let loading: Promise<FileTypeEnum> | undefined;

  const readStored = (): FileTypeEnum | undefined => {
    try {
      const text = session?.getItem(FILE_TYPES_STORAGE_KEY);
      if (!text) return undefined;
      const parsed = fileTypeEnumSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // storage blocked or a damaged value: fetch it again
    }
  };

  return (): Promise<FileTypeEnum> => {
    cached ??= readStored();
    if (cached) return Promise.resolve(cached);
    loading ??= api(upload.fileTypes, {})
      .then((types) => {
        cached = types;
        try {
          session?.setItem(FILE_TYPES_STORAGE_KEY, JSON.stringify(types));
        } catch {
          // storage full or blocked: the in-memory copy still serves this page
        }
        return types;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
}
