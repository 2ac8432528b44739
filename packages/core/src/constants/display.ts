// Display rules of spec §9: counts, stars, the low-device rule.

/** Counts from here on are shown in 万 / w. */
export const COUNT_WAN = 10_000;
/** Counts from here on are shown in k (k/m style). */
export const COUNT_THOUSAND = 1000;
/** Counts from here on are shown in m (k/m style). */
export const COUNT_MILLION = 1_000_000;

/** Stars drawn for a score. */
export const STAR_COUNT = 5;
/** Highest score a rating can have. */
export const STAR_SCORE_MAX = 10;

/** Low device: memory at or below this many GB... */
export const LOW_DEVICE_MAX_MEMORY_GB = 2;
/** ...or fewer CPU cores than this... */
export const LOW_DEVICE_MIN_CORES = 4;
/** ...or iOS at or below this major... */
export const LOW_DEVICE_MAX_IOS_MAJOR = 11;
/** ...or Android at or below this major... */
export const LOW_DEVICE_MAX_ANDROID_MAJOR = 8;
/** ...or a pixel ratio under this. */
export const LOW_DEVICE_MIN_PIXEL_RATIO = 2;
