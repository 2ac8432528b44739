import { areaList } from '@vant/area-data';
import { REGION_SEPARATOR } from './region-name';

/** A city's districts (区县), in the division's order. */
export type RegionCities = ReadonlyMap<string, readonly string[]>;
/** The national division by name: province → city → districts. */
export type RegionTree = ReadonlyMap<string, RegionCities>;

/**
 * The tree from the kept data (decision 015): its six-digit codes nest by prefix, two digits for
 * the province and four for the city; object keys come in ascending code order.
 */
function buildTree(): RegionTree {
  const { province_list, city_list, county_list } = areaList;
  const tree = new Map<string, Map<string, string[]>>();
  const cities = new Map<string, string[]>();
  for (const name of Object.values(province_list)) tree.set(name, new Map());
  for (const [code, name] of Object.entries(city_list)) {
    const districts: string[] = [];
    tree.get(province_list[`${code.slice(0, 2)}0000`] ?? '')?.set(name, districts);
    cities.set(code.slice(0, 4), districts);
  }
  for (const [code, name] of Object.entries(county_list)) cities.get(code.slice(0, 4))?.push(name);
  return tree;
}

/**
 * China's provinces, cities and districts, the winner's address picker offers and the server
 * checks against (issue 26 point 7). Imported by its own path, never from the core index: the
 * data is about 33 KB gzip and loads only where an address is given.
 */
export const CHINA_REGIONS: RegionTree = buildTree();

/** True for `province city district` naming a district of that city of that province. */
export function isChinaRegion(region: string): boolean {
  const parts = region.split(REGION_SEPARATOR);
  if (parts.length !== 3) return false;
  const [province, city, district] = parts as [string, string, string];
  return CHINA_REGIONS.get(province)?.get(city)?.includes(district) ?? false;
}

/** True for the name of a province of the division (`广东省`, `北京市`): a profile's region. */
export function isChinaProvince(name: string): boolean {
  return CHINA_REGIONS.has(name);
}
