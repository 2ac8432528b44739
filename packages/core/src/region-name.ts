/** Between the three names of a stored region: `广东省 深圳市 南山区` (the lottery address's form). */
export const REGION_SEPARATOR = ' ';

/** The three parts of a stored region (province, city, district), or empty parts. */
export function splitRegion(region: string): [string, string, string] {
  const [province = '', city = '', district = ''] = region.split(REGION_SEPARATOR);
  return [province, city, district];
}

/** A region as stored, from its parts (the ones given: a picker part-way through has fewer). */
export const joinRegion = (...parts: string[]): string => parts.join(REGION_SEPARATOR);
