import type { FileTypeEnum } from '@h5/contract';
import { fileTypes } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** The file-type enum from the file_types table: type → suffixes and content types. */
export async function fileTypeEnum(deps: AppDeps): Promise<FileTypeEnum> {
  const rows = await deps.db.select().from(fileTypes).orderBy(fileTypes.type, fileTypes.suffix);
  const types: FileTypeEnum = {};
  for (const row of rows) {
    const entry = types[row.type] ?? { suffixes: [], mime: [] };
    types[row.type] = entry;
    entry.suffixes.push(row.suffix);
    if (!entry.mime.includes(row.mime)) entry.mime.push(row.mime);
  }
  return types;
}
