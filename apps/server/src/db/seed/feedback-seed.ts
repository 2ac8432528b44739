import { DEFAULT_CONFIG_PROJECT } from '@h5/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accuseReasons, configEntries } from '../schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Report reasons per target type, in display order (needDetail: the description is required). */
export const SEED_ACCUSE_REASONS = [
  { id: 1, targetType: 'content', title: '色情低俗', needDetail: false, sort: 1 },
  { id: 2, targetType: 'content', title: '广告营销', needDetail: false, sort: 2 },
  { id: 3, targetType: 'content', title: '虚假信息', needDetail: true, sort: 3 },
  { id: 4, targetType: 'content', title: '侵犯权益（抄袭、盗图）', needDetail: true, sort: 4 },
  { id: 5, targetType: 'content', title: '售假或引导线下交易', needDetail: false, sort: 5 },
  { id: 6, targetType: 'content', title: '其他', needDetail: true, sort: 9 },
  { id: 11, targetType: 'comment', title: '辱骂攻击', needDetail: false, sort: 1 },
  { id: 12, targetType: 'comment', title: '垃圾广告', needDetail: false, sort: 2 },
  { id: 13, targetType: 'comment', title: '色情低俗', needDetail: false, sort: 3 },
  { id: 14, targetType: 'comment', title: '其他', needDetail: true, sort: 9 },
  { id: 21, targetType: 'user', title: '头像或昵称违规', needDetail: false, sort: 1 },
  { id: 22, targetType: 'user', title: '冒充他人', needDetail: true, sort: 2 },
  { id: 23, targetType: 'user', title: '诈骗或售假', needDetail: true, sort: 3 },
  { id: 24, targetType: 'user', title: '其他', needDetail: true, sort: 9 },
] as const;

/** Where the search-idea form's config lives in config_entries (operators edit it there). */
export const SEARCH_IDEA_CONFIG_KEY = {
  projectName: DEFAULT_CONFIG_PROJECT,
  key: 'search-idea',
  type: 'config',
};

/** The search-idea form: title, placeholder and the options a user can tick. */
export const SEED_SEARCH_IDEA_CONFIG = {
  title: '没搜到想要的？告诉我们',
  placeholder: '描述一下你想搜到的内容，例如商品名、款式、话题…',
  options: [
    { id: 1, label: '搜不到想要的商品' },
    { id: 2, label: '搜索结果不相关' },
    { id: 3, label: '想看更多穿搭内容' },
    { id: 4, label: '想看更多评测内容' },
    { id: 5, label: '其他' },
  ],
};

/** Seeds the report reasons and the search-idea config (inside the seed's transaction). */
export async function insertFeedbackSeed(tx: Tx): Promise<void> {
  await tx.insert(accuseReasons).values([...SEED_ACCUSE_REASONS]);
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence('accuse_reasons', 'id'), (SELECT max(id) FROM accuse_reasons))`,
  );
  await tx
    .insert(configEntries)
    .values({ ...SEARCH_IDEA_CONFIG_KEY, hash: '5e7a1d9c3f', value: SEED_SEARCH_IDEA_CONFIG })
    .onConflictDoNothing();
}
