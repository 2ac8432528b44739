import { IMAGE_QUALITY_SUFFIX, IMAGE_TARGET_FORMAT, LOW_DEVICE_IMAGE_QUALITY } from './constants';

/** Same-origin image family: paths under this prefix are served by our object store's CDN route. */
export const IMAGE_CDN_PATH_PREFIX = '/cdn/';
/** Host image family: images on these hosts accept OSS processing parameters. */
export const IMAGE_CDN_HOSTS = ['cdn.community-h5.com', 'img.community-h5.com'] as const;
/** Query parameter carrying OSS image processing. */
export const OSS_PROCESS_PARAM = 'x-oss-process';

/** The two image CDN families of spec §5: path prefixes (same origin) and hosts. */
export interface ImageCdnFamilies {
  pathPrefixes: readonly string[];
  hosts: readonly string[];
}

/** Our two families: `/cdn/` on the page's origin and the community-h5 image hosts. */
export const DEFAULT_IMAGE_CDN_FAMILIES: ImageCdnFamilies = {
  pathPrefixes: [IMAGE_CDN_PATH_PREFIX],
  hosts: IMAGE_CDN_HOSTS,
};

/** Options of {@link optimiseImageUrl}. */
export interface ImageUrlOptions {
  /** Resize to this width (article images use ARTICLE_IMAGE_WIDTH). */
  width?: number | undefined;
  families?: ImageCdnFamilies | undefined;
  /** The page's origin, so absolute same-origin `/cdn/` URLs (e.g. rendered on the server) match too. */
  origin?: string | undefined;
  /** A low device (spec §9 rule): a smaller width ({@link lowDeviceImageWidth}) and quality 50. */
  lowDevice?: boolean | undefined;
}

// GIF would lose its animation and SVG is not a raster: both are left as they are.
const UNTOUCHED_EXTENSION = /\.(gif|svg)$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HTTP_SCHEME = /^https?:$/;

/**
 * The widths the web's pages ask the CDN for (`optimiseImageUrl(url, { width })`: avatars, logos,
 * feed covers, hot-video thumbnails, carousel slides and posters, article images). The seeded
 * photos are rendered at these widths only (issue 11 point 6): a page that asks for a new width
 * of a seeded photo needs it added here.
 */
export const PAGE_IMAGE_WIDTHS: readonly number[] = [40, 64, 72, 96, 128, 160, 240, 360, 750, 1005];

// A low device gets about two thirds of the pixels' width: its screen is small or coarse, or it
// has little memory to decode big images.
const LOW_DEVICE_WIDTH_SHARE = 2 / 3;

/**
 * The width a low device asks for instead of `width`: the largest page width ≤ ⅔ of it, else
 * `width` itself (the smallest widths stay), so it never asks for a width the pages do not use.
 */
export function lowDeviceImageWidth(width: number): number {
  return PAGE_IMAGE_WIDTHS.filter((w) => w <= width * LOW_DEVICE_WIDTH_SHARE).at(-1) ?? width;
}

/** The OSS process value: optional resize, then q_75 (q_50 on a low device), then webp. */
export function imageProcessValue(width?: number, lowDevice = false): string {
  const steps = ['image'];
  if (width !== undefined && Number.isInteger(width) && width > 0)
    steps.push(`resize,w_${lowDevice ? lowDeviceImageWidth(width) : width}`);
  const quality = lowDevice ? `q_${LOW_DEVICE_IMAGE_QUALITY}` : IMAGE_QUALITY_SUFFIX;
  steps.push(`quality,${quality}`, `format,${IMAGE_TARGET_FORMAT}`);
  return steps.join('/');
}

function parseAbsolute(url: string): URL | null {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return null;
  }
}

function sameOrigin(url: URL, origin: string | undefined): boolean {
  if (!origin) return false;
  const page = parseAbsolute(origin);
  return page !== null && page.origin === url.origin;
}

/** True when a URL belongs to one of the image CDN families. */
export function isCdnImageUrl(
  url: string,
  families: ImageCdnFamilies = DEFAULT_IMAGE_CDN_FAMILIES,
  origin?: string,
): boolean {
  const underPrefix = (path: string) => families.pathPrefixes.some((p) => path.startsWith(p));
  if (url.startsWith('//') || SCHEME.test(url)) {
    const parsed = parseAbsolute(url);
    if (!parsed || !HTTP_SCHEME.test(parsed.protocol)) return false;
    const host = parsed.hostname.toLowerCase();
    if (families.hosts.some((h) => h.toLowerCase() === host)) return true;
    return sameOrigin(parsed, origin) && underPrefix(parsed.pathname);
  }
  return underPrefix(url);
}

/**
 * Adds q_75 + webp (and an optional width) to a CDN image URL as `x-oss-process`, keeping its query
 * and hash. Other URLs, GIF, SVG and URLs already carrying `x-oss-process` come back unchanged,
 * so applying it twice is harmless.
 */
export function optimiseImageUrl(url: string, options: ImageUrlOptions = {}): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);

  if (!isCdnImageUrl(base, options.families ?? DEFAULT_IMAGE_CDN_FAMILIES, options.origin)) return url;
  if (UNTOUCHED_EXTENSION.test(base)) return url;
  if (new URLSearchParams(query).has(OSS_PROCESS_PARAM)) return url;

  const param = `${OSS_PROCESS_PARAM}=${imageProcessValue(options.width, options.lowDevice)}`;
  return `${base}?${query === '' ? '' : `${query}&`}${param}${hash}`;
}
