import type { FileTypeEnum } from '@h5/contract';
import {
  BYTES_PER_MB,
  CLIENT_IMAGE_MAX_MB,
  DEFAULT_MAX_PIXELS,
  DEFAULT_MAX_SIDE_PX,
  LIMITED_MAX_PIXELS,
  LIMITED_MAX_SIDE_PX,
  UPLOAD_MESSAGES,
} from '@h5/core';
import { sniffPictureFormat } from './content-signature';
import { UploadError } from './upload-error';

/** A file to upload: a File, or any Blob given a name. */
export type UploadFile = Blob & { name: string; lastModified?: number };

/** Processed file info of spec §3. */
export interface ProcessedFileInfo {
  fullName: string;
  prefix: string;
  suffix: string;
  width: number | null;
  height: number | null;
  /** MB, 2 decimals. */
  size: number;
  /** From the file-type enum by suffix; 'file' when unknown. */
  type: string;
}

/** The limits a caller may set on one file. */
export interface FileLimits {
  maxSizeMB?: number;
  maxWidth?: number;
  maxHeight?: number;
}

// Files treated as images by the size and dimension rules, before (and without) the server's enum.
const IMAGE_SUFFIXES = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'heic',
  'heif',
  'avif',
  'tif',
  'tiff',
]);

/** Name, prefix and suffix (lower case, no dot); suffix '' when the name has none. */
export function splitName(fullName: string): { fullName: string; prefix: string; suffix: string } {
  const dot = fullName.lastIndexOf('.');
  if (dot <= 0 || dot === fullName.length - 1) return { fullName, prefix: fullName, suffix: '' };
  return { fullName, prefix: fullName.slice(0, dot), suffix: fullName.slice(dot + 1).toLowerCase() };
}

/** Normalises the not-supported list: lower case, no leading dot. */
const normaliseSuffixes = (list: readonly string[]): string[] =>
  list.map((s) => s.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);

/** The file type of a suffix in the enum; 'file' when no type lists it. */
export function fileTypeOf(types: FileTypeEnum, suffix: string): string {
  for (const [type, { suffixes }] of Object.entries(types)) {
    if (suffixes.some((s) => s.toLowerCase() === suffix)) return type;
  }
  return 'file';
}

/** Size in MB with 2 decimals, as processed file info reports it. */
export const sizeInMB = (bytes: number): number => Math.round((bytes / BYTES_PER_MB) * 100) / 100;

/** What the local checks need from the config and the caller. */
export interface LocalCheckInput {
  strictPictureApp?: boolean | undefined;
  noSupportSuffix?: readonly string[] | undefined;
  limits: FileLimits;
  /** False for the server upload, which has its own size limit. */
  clientSizeLimit: boolean;
  readImageSize: (file: Blob) => Promise<{ width: number; height: number } | null>;
}

/** Checks a side against the spec's limits (spec §5 'Upload, size'); throws the first failure. */
export function assertDimensions(width: number, height: number, limits: FileLimits): void {
  const { maxWidth, maxHeight } = limits;
  if (maxWidth === undefined || maxHeight === undefined) {
    if (width >= DEFAULT_MAX_SIDE_PX || height >= DEFAULT_MAX_SIDE_PX) {
      throw new UploadError(UPLOAD_MESSAGES.sideTooLarge(DEFAULT_MAX_SIDE_PX));
    }
    if (width * height >= DEFAULT_MAX_PIXELS)
      throw new UploadError(UPLOAD_MESSAGES.pixelsTooMany(DEFAULT_MAX_PIXELS));
    return;
  }
  if (width > maxWidth) throw new UploadError(UPLOAD_MESSAGES.sideTooLarge(maxWidth));
  if (height > maxHeight) throw new UploadError(UPLOAD_MESSAGES.sideTooLarge(maxHeight));
  if (width >= LIMITED_MAX_SIDE_PX || height >= LIMITED_MAX_SIDE_PX) {
    throw new UploadError(UPLOAD_MESSAGES.limitedSideTooLarge);
  }
  if (width * height >= LIMITED_MAX_PIXELS)
    throw new UploadError(UPLOAD_MESSAGES.pixelsTooMany(LIMITED_MAX_PIXELS));
}

/**
 * The checks of spec §5 that need no network, in order: suffix, not-supported list, strict
 * picture signature, image size, limits given together, dimensions. Resolves the name parts
 * and the image's size (null for other files or when unreadable).
 */
export async function checkLocally(
  file: UploadFile,
  input: LocalCheckInput,
): Promise<{
  fullName: string;
  prefix: string;
  suffix: string;
  width: number | null;
  height: number | null;
}> {
  const parts = splitName(file.name);
  if (!parts.suffix) throw new UploadError(UPLOAD_MESSAGES.suffixRequired);

  const refused = normaliseSuffixes(input.noSupportSuffix ?? []);
  if (refused.includes(parts.suffix)) {
    throw new UploadError(UPLOAD_MESSAGES.unsupportedSuffix(` ${refused.map((s) => `.${s}`).join(' ')} `));
  }

  const picture =
    input.strictPictureApp || IMAGE_SUFFIXES.has(parts.suffix) ? await sniffPictureFormat(file) : null;
  if (input.strictPictureApp && !picture) throw new UploadError(UPLOAD_MESSAGES.strictPictureType);
  const isImage = picture !== null || IMAGE_SUFFIXES.has(parts.suffix) || file.type.startsWith('image/');

  const { limits } = input;
  if (isImage && input.clientSizeLimit) {
    const maxMB = Math.min(limits.maxSizeMB ?? CLIENT_IMAGE_MAX_MB, CLIENT_IMAGE_MAX_MB);
    if (file.size > maxMB * BYTES_PER_MB) throw new UploadError(UPLOAD_MESSAGES.clientImageTooLarge(maxMB));
  }

  if ((limits.maxWidth === undefined) !== (limits.maxHeight === undefined)) {
    throw new UploadError(UPLOAD_MESSAGES.limitsTogether);
  }

  const size = isImage ? await input.readImageSize(file) : null;
  if (size) assertDimensions(size.width, size.height, limits);
  return { ...parts, width: size?.width ?? null, height: size?.height ?? null };
}
