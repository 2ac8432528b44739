import { describe, expect, it } from 'vitest';
import { CHINA_REGIONS, isChinaRegion } from './china-regions';
import { splitRegion } from './region-name';

describe('CHINA_REGIONS (issue 26 point 7)', () => {
  it('holds every province, autonomous region and municipality, each city with its districts', () => {
    expect(CHINA_REGIONS.size).toBe(34);
    for (const name of ['新疆维吾尔自治区', '西藏自治区', '黑龙江省', '海南省', '香港特别行政区'])
      expect(CHINA_REGIONS.has(name)).toBe(true);
    for (const [province, cities] of CHINA_REGIONS) {
      expect(cities.size, province).toBeGreaterThan(0);
      for (const [city, districts] of cities)
        expect(districts.length, `${province} ${city}`).toBeGreaterThan(0);
    }
    expect(CHINA_REGIONS.get('新疆维吾尔自治区')?.get('乌鲁木齐市')).toContain('天山区');
  });

  it('names have no separator in them, so a stored region splits back into its three parts', () => {
    for (const [province, cities] of CHINA_REGIONS)
      for (const [city, districts] of cities)
        for (const district of districts) {
          const region = `${province} ${city} ${district}`;
          expect(splitRegion(region)).toEqual([province, city, district]);
          expect(region.length).toBeLessThanOrEqual(60);
        }
  });

  it('isChinaRegion: a district of that city of that province, nothing else', () => {
    expect(isChinaRegion('西藏自治区 拉萨市 城关区')).toBe(true);
    expect(isChinaRegion('广东省 东莞市 松山湖')).toBe(true);
    expect(isChinaRegion('广东省 杭州市 西湖区')).toBe(false);
    expect(isChinaRegion('北京市 北京市 南山区')).toBe(false);
    expect(isChinaRegion('北京市 北京市')).toBe(false);
    expect(isChinaRegion('北京市  北京市 东城区')).toBe(false);
    expect(isChinaRegion('')).toBe(false);
  });
});
