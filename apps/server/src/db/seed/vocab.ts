import { CONTENT_CATEGORY } from '@h5/core';

/** Word lists the seed composes names, titles and comments from (no pasted rows). */

export const NAME_HEADS = [
  '小',
  '阿',
  '老',
  '大',
  '酷',
  '橙',
  '蓝',
  '白',
  '黑',
  '青',
  '夏',
  '冬',
  '南',
  '北',
  '野',
];
export const NAME_CORES = [
  '鞋',
  '潮',
  '跑',
  '街',
  '猫',
  '鹿',
  '风',
  '森',
  '柚',
  '桃',
  '咖',
  '球',
  '板',
  '山',
  '海',
  '星',
  '月',
  '雨',
];
export const NAME_TAILS = [
  '酱',
  '君',
  '仔',
  '侠',
  '控',
  '哥',
  '姐',
  '同学',
  '研究所',
  '日记',
  '玩家',
  '少年',
  'ing',
  '2049',
];
export const LATIN_NAMES = [
  'Kicks',
  'Sole',
  'Hype',
  'Drip',
  'Mono',
  'Retro',
  'Vibe',
  'Loop',
  'Pixel',
  'Nova',
];

/** Each brand with its own models: a product or a title never pairs a model with another brand. */
export const BRAND_MODELS: readonly (readonly [string, readonly [string, ...string[]]])[] = [
  ['耐克', ['AJ1', 'Dunk Low', 'Air Force 1', 'Air Max 97']],
  ['阿迪达斯', ['Samba', 'Gazelle', 'Yeezy 350']],
  ['新百伦', ['550', '990v6', '9060']],
  ['亚瑟士', ['Gel-Kayano 14', 'Gel-1130']],
  ['匡威', ['Chuck 70', 'Run Star Hike']],
  ['万斯', ['Old Skool', 'Sk8-Hi']],
  ['李宁', ['韦德之道', '超轻 21']],
  ['安踏', ['KT9', 'C202']],
  ['彪马', ['Speedcat', 'Palermo']],
  ['萨洛蒙', ['XT-6', 'Speedcross 6']],
  ['昂跑', ['Cloudmonster', 'Cloudtilt']],
];
export const BRANDS = BRAND_MODELS.map(([brand]) => brand);
/** Every model of every brand. */
export const MODELS = BRAND_MODELS.flatMap(([, models]) => models);

/** A brand and one of its own models (two draws, as a brand and a model always took). */
export function brandModel(rng: { pick<T>(items: readonly T[]): T }): { brand: string; model: string } {
  const [brand, models] = rng.pick(BRAND_MODELS);
  return { brand, model: rng.pick(models) };
}

/**
 * Titles of the topics other than 热门推荐 (spec §3 categories, by value), so a content under a
 * topic is about it; `{model}` takes a model.
 */
export const CATEGORY_TITLES: Readonly<Record<number, readonly string[]>> = {
  [CONTENT_CATEGORY.PlatformRules]: [
    '社区发布规范更新：这些内容不能发',
    '创作公约解读：原创与搬运怎么界定',
    '举报处理流程全梳理，被误判怎么申诉',
    '商品链接挂载规则，一次讲清楚',
  ],
  [CONTENT_CATEGORY.OperationalSkills]: [
    '涨粉第一个月，我做对的三件事',
    '封面和标题怎么写，点击率翻倍',
    '发布时间怎么选？一个月的数据复盘',
    '评论区互动的五个小技巧',
  ],
  [CONTENT_CATEGORY.PlatformGameplay]: [
    '新人创作任务怎么做最快',
    '话题活动参与指南：奖励怎么拿',
    '邀请好友得奖励，规则全解读',
    '抽奖活动玩法说明',
  ],
  [CONTENT_CATEGORY.VideoArea]: [
    '一分钟看懂{model}上脚效果',
    '{model}开箱视频，细节全在这',
    '手机也能拍出质感球鞋视频',
    '球鞋视频运镜技巧分享',
  ],
  [CONTENT_CATEGORY.CategoryAdvancement]: [
    '从{model}聊聊复古跑鞋',
    '篮球鞋缓震科技一文看懂',
    '跑鞋怎么选：稳定、缓震还是竞速',
    '户外鞋入门：越野和徒步的区别',
  ],
  [CONTENT_CATEGORY.CreativeRealization]: [
    '创作者收益怎么算？我的第一笔收入',
    '带货内容怎么写才不招人烦',
    '升级计划实测：三个月从新手到进阶',
    '品牌合作报价怎么定',
  ],
  [CONTENT_CATEGORY.LiveSkills]: [
    '第一次开播要准备什么',
    '直播间灯光布置，百元搞定',
    '直播时冷场怎么办',
    '粉丝团玩法：让观众留下来',
  ],
};

export const COLORWAYS = [
  '黑白熊猫',
  '芝加哥',
  '大学蓝',
  '奶油白',
  '摩卡棕',
  '薄荷绿',
  '樱花粉',
  '雾霾灰',
  '荧光黄',
  '复古红',
];
export const TOPICS = [
  '上脚实测',
  '开箱',
  '穿搭分享',
  '鉴别心得',
  '尺码建议',
  '清洁保养',
  '球场实战',
  '通勤一周',
  '入手理由',
  '配色对比',
  '跑步体验',
  '秋冬穿搭',
  '城市漫游',
  '露营装备',
  'citywalk',
];
export const HOOKS = [
  '真香了',
  '绝了',
  '冲不冲',
  '一定要看',
  '踩坑记录',
  '后悔没早买',
  '性价比之王',
  '被问爆了',
  '太好穿了',
];
export const LIFESTYLE = ['咖啡', '滑板', '胶片', '露营', '骑行', '街拍', '中古店', '黑胶', '飞盘', '徒步'];
export const ITEMS = [
  '卫衣',
  '工装裤',
  '棒球帽',
  '双肩包',
  '冲锋衣',
  '针织开衫',
  '牛仔外套',
  '帆布包',
  '运动袜',
];

export const SENTENCES = [
  '鞋型很正，楦头偏窄，脚宽的朋友建议大半码。',
  '中底回弹明显，走一天下来脚不累。',
  '皮料比想象中软，细节做工挺扎实的。',
  '配色很百搭，牛仔裤和工装裤都能驾驭。',
  '鞋垫有点薄，换了自己的鞋垫舒服很多。',
  '抓地力不错，雨天在地铁站也没打滑。',
  '这双的重量很友好，日常通勤完全没负担。',
  '包装很用心，附赠了两副鞋带。',
  '对比上一代，鞋面更透气了。',
  '周末去公园拍了几张，阳光下颜色特别好看。',
  '尺码和官方一致，平时穿42这双也是42。',
  '细看有一点溢胶，不影响上脚。',
  '搭配一件宽松卫衣，简单又有型。',
  '价格回落之后入手，感觉很值。',
  '鞋带孔的设计很细节，系紧后包裹性很好。',
];

export const COMMENTS = [
  '好看！求链接',
  '这个配色爱了',
  '楼主脚码多少？',
  '同款，真的很舒服',
  '拍得太好了',
  '已加入购物车',
  '鞋带怎么系的？',
  '学到了',
  '码住慢慢看',
  '会不会磨脚啊',
  '求穿搭清单',
  '比专柜便宜吗',
  '蹲一个后续',
  '这双我也在犹豫',
  '冬天穿会冷吗',
  '颜值在线',
];

/**
 * The emoji of comments' [name] tokens (spec §3), each drawn as what its name says (issue 28
 * point 3): a Twemoji picture (CC-BY 4.0, copied into apps/server/assets/emoji/ by
 * `npm run emoji:copy -w @h5/server`), or ours where Unicode has none (666). [name, file, emoji].
 */
export const EMOJI_SET: ReadonlyArray<readonly [name: string, file: string, char: string]> = [
  ['笑哭', '1f602.svg', '😂'],
  ['点赞', '1f44d.svg', '👍'],
  ['爱心', '2764.svg', '❤'],
  ['火', '1f525.svg', '🔥'],
  ['酷', '1f60e.svg', '😎'],
  ['哇', '1f929.svg', '🤩'],
  ['鼓掌', '1f44f.svg', '👏'],
  ['思考', '1f914.svg', '🤔'],
  ['流泪', '1f62d.svg', '😭'],
  ['惊讶', '1f632.svg', '😲'],
  ['奸笑', '1f60f.svg', '😏'],
  ['再见', '1f44b.svg', '👋'],
  ['拥抱', '1f917.svg', '🤗'],
  ['加油', '1f4aa.svg', '💪'],
  ['666', '666.svg', ''],
  ['吃瓜', '1f349.svg', '🍉'],
  ['捂脸', '1fae3.svg', '🫣'],
  ['得意', '1f60c.svg', '😌'],
  ['害羞', '263a.svg', '☺'],
  ['鞋子', '1f45f.svg', '👟'],
];

/** Emoji names used as [name] tokens in comments. */
export const EMOJI_NAMES = EMOJI_SET.map(([name]) => name);

export const DYEING_ENVS: ReadonlyArray<readonly [string, string]> = [
  ['feature-a', '特性环境A'],
  ['feature-b', '特性环境B'],
  ['perf-stable', '压测稳定环境'],
  ['hotfix', '热修复环境'],
];
