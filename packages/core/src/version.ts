import { type AppFeature, DEFAULT_NATIVE_VERSION, FEATURE_MIN_VERSIONS } from './constants';

/** A parsed version: major, minor, patch. */
export type VersionParts = readonly [major: number, minor: number, patch: number];

const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)$/;

/** Parses a strict major.minor.patch version; null for anything else. */
export function parseVersion(version: string | null | undefined): VersionParts | null {
  const m = VERSION_PATTERN.exec(version?.trim() ?? '');
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

// Lenient on purpose: app builds sometimes report '5.26' or '5.26.1.2'; missing or non-numeric parts count as 0.
function lenientParts(version: string): number[] {
  return version
    .trim()
    .split('.')
    .map((p) => {
      const n = Number.parseInt(p, 10);
      return Number.isNaN(n) ? 0 : n;
    });
}

/** Compares two dotted versions numerically: -1 if a < b, 0 if equal, 1 if a > b. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = lenientParts(a);
  const pb = lenientParts(b);
  const len = Math.max(pa.length, pb.length);
  for (let i = 0; i < len; i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** True when `version` is at least `minimum`. */
export function meetsVersion(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}

/** True when the app version supports a native feature (spec §9 minimums). */
export function meetsFeature(version: string, feature: AppFeature): boolean {
  return meetsVersion(version, FEATURE_MIN_VERSIONS[feature]);
}

/** The native version to gate on: the one the app reported, else 4.92.0. */
export function resolveNativeVersion(reported: string | null | undefined): string {
  return parseVersion(reported) ? (reported as string).trim() : DEFAULT_NATIVE_VERSION;
}
