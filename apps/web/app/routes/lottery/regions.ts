/**
 * The region picker's choices: province → city → districts. A short list of the places our
 * winners come from most; the address keeps the three names joined by spaces ("广东省 深圳市 南山区").
 */
export const REGIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  北京市: { 北京市: ['东城区', '西城区', '朝阳区', '海淀区', '丰台区', '通州区'] },
  上海市: { 上海市: ['黄浦区', '徐汇区', '长宁区', '静安区', '浦东新区', '闵行区'] },
  广东省: {
    广州市: ['天河区', '越秀区', '海珠区', '番禺区', '白云区'],
    深圳市: ['南山区', '福田区', '罗湖区', '宝安区', '龙岗区'],
    东莞市: ['南城街道', '东城街道', '松山湖'],
  },
  浙江省: {
    杭州市: ['西湖区', '上城区', '拱墅区', '滨江区', '余杭区'],
    宁波市: ['海曙区', '鄞州区', '江北区'],
  },
  江苏省: {
    南京市: ['玄武区', '秦淮区', '鼓楼区', '建邺区'],
    苏州市: ['姑苏区', '工业园区', '吴中区', '昆山市'],
  },
  四川省: { 成都市: ['锦江区', '青羊区', '武侯区', '成华区', '高新区'] },
  湖北省: { 武汉市: ['江岸区', '江汉区', '武昌区', '洪山区'] },
  陕西省: { 西安市: ['新城区', '碑林区', '雁塔区', '未央区'] },
};

/** The three parts of a stored region, or empty parts. */
export function splitRegion(region: string): [string, string, string] {
  const [province = '', city = '', district = ''] = region.split(' ');
  return [province, city, district];
}
