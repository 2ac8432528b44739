import { sql } from 'drizzle-orm';
import { pickByRule } from '../../domains/invite/content-picks';
import { type Db, rowsOf } from '../client';
import { activityGuideSteps, activityGuides } from '../schema';
import { SEED_EPOCH_MS, seedArtUrl } from './generate';

// Issue 18 point 3: the first activity guides (operations edit the rows afterwards, so the seed
// never overwrites one) and the weekly pick rule's first run.

/** A guide as written: its title, lead and steps (title, text). */
interface GuideDraft {
  code: string;
  title: string;
  intro: string;
  steps: ReadonlyArray<readonly [title: string, text: string]>;
}

export const GUIDE_DRAFTS: readonly GuideDraft[] = [
  {
    code: 'new-year-ar',
    title: '新年 AR 好物玩法指南',
    intro: '四步参与新年 AR 试穿，完成任务赢好礼',
    steps: [
      ['进入活动', '活动期间打开新年 AR 好物页，好物清单随直播更新'],
      ['AR 试穿', '点开好物卡片，用 AR 试穿喜欢的鞋款与配饰'],
      ['发布穿搭', '发布一条新年穿搭或试穿内容，记录你的新年造型'],
      ['提交任务', '在活动页选择自己发布的内容提交到任务，每个任务每人一次'],
    ],
  },
  {
    code: 'strange-encounters',
    title: '奇妙相遇玩法指南',
    intro: '和志同道合的人相遇，交换你的球鞋故事',
    // What the page does (issue 32 point 5): cards matched by shared follows and lights.
    steps: [
      ['关注与点亮', '关注喜欢的作者、点亮打动你的内容，相遇会更懂你'],
      ['抽取卡片', '每天可以抽 3 张偶遇卡片，遇见关注了相同作者或点亮过同类内容的人'],
      ['互相关注', '关注 TA，互相关注后卡片展示 TA 最新的 3 条内容'],
    ],
  },
  {
    code: '520',
    title: '520 AI 心动照玩法指南',
    intro: '上传一张照片，生成专属心动照，分享给 TA',
    steps: [
      ['上传照片', '选择一张清晰的照片，宽高不少于 256 像素'],
      ['选择风格', '甜蜜粉、复古胶片或漫画，挑一个最像你们的'],
      ['生成心动照', '照片与生成图都会经过审核，几秒后即可看到结果'],
      ['分享给 TA', '保存心动照，分享给最重要的人'],
    ],
  },
  {
    code: 'tanabata',
    title: '七夕鹊桥会玩法指南',
    intro: '七夕期间发布带话题的内容，按点亮数实时排名',
    steps: [
      ['发布内容', '活动期间发布带 #七夕 话题的内容'],
      ['邀请点亮', '分享给好友，请他们为你的内容点亮'],
      ['登上榜单', '活动页展示点亮数前 20 名，每条内容只占一个名次'],
    ],
  },
  {
    code: 'gravity-xinyin',
    title: '心引力玩法指南',
    intro: '找到和你心意相通的人',
    steps: [
      ['选择好物', '从活动好物中选出让你心动的一双'],
      ['寻找同频', '查看和你选了同一双的人，结果仅你们双方可见'],
      ['互相关注', '去 TA 的主页关注 TA，开始你们的交流'],
    ],
  },
];

/** Guide pictures: the seed art at a 16:9 size, one name per step. */
const GUIDE_IMAGE = { width: 750, height: 420 } as const;

/** The guide rows of the drafts: ids, step numbers and pictures generated from the draft. */
export function guideSeedRows(drafts: readonly GuideDraft[] = GUIDE_DRAFTS) {
  const updatedAt = new Date(SEED_EPOCH_MS);
  const guides = drafts.map(({ code, title, intro }) => ({ activityCode: code, title, intro, updatedAt }));
  const steps = drafts.flatMap(({ code, steps: list }) =>
    list.map(([title, text], i) => ({
      activityCode: code,
      stepNo: i + 1,
      title,
      text,
      imageUrl: seedArtUrl(`guide-${code}-${i + 1}`, GUIDE_IMAGE.width, GUIDE_IMAGE.height),
      imageWidth: GUIDE_IMAGE.width,
      imageHeight: GUIDE_IMAGE.height,
    })),
  );
  return { guides, steps };
}

/**
 * Idempotent: the guides of the seeded activities (a guide that exists is left as operations
 * edited it), and the weekly pick rule's first run (once: while no rule pick exists).
 */
export async function insertInviteTaskSeed(db: Db): Promise<void> {
  const { guides, steps } = guideSeedRows();
  const present = rowsOf<{ code: string }>(await db.execute(sql`select code from activities`));
  const known = new Set(present.map((r) => r.code));
  const ours = guides.filter((g) => known.has(g.activityCode));
  if (ours.length > 0) {
    const inserted = await db
      .insert(activityGuides)
      .values(ours)
      .onConflictDoNothing()
      .returning({ code: activityGuides.activityCode });
    const fresh = new Set(inserted.map((r) => r.code));
    const newSteps = steps.filter((s) => fresh.has(s.activityCode));
    if (newSteps.length > 0) await db.insert(activityGuideSteps).values(newSteps).onConflictDoNothing();
  }
  const ruleRan = await db.execute(sql`select 1 from content_picks where source = 'rule' limit 1`);
  if (rowsOf(ruleRan).length === 0) await pickByRule(db);
}
