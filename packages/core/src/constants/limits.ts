// Limits of spec §9: upload sizes and dimensions, article media.

/** Part size of a multipart upload. */
export const MULTIPART_CHUNK_BYTES = 819_200;
/** Bytes in one MB as the upload size messages count it. */
export const BYTES_PER_MB = 1024 * 1024;
/** Default client-side image size limit; the caller may lower it. */
export const CLIENT_IMAGE_MAX_MB = 20;
/** Image size limit of the server upload. */
export const SERVER_IMAGE_MAX_MB = 100;
/** Without caller limits: each side must stay under this... */
export const DEFAULT_MAX_SIDE_PX = 16_384;
/** ...and the total pixels under this. */
export const DEFAULT_MAX_PIXELS = 16_777_216;
/** With caller limits: each side must stay under this... */
export const LIMITED_MAX_SIDE_PX = 30_000;
/** ...and the total pixels under this. */
export const LIMITED_MAX_PIXELS = 250_000_000;
/** Images in article text are resized to this width. */
export const ARTICLE_IMAGE_WIDTH = 1005;
/** Video sources in article text start here (seconds), so the first frame shows as a poster. */
export const VIDEO_START_OFFSET_S = 0.1;
