import { describe, expect, it } from 'vitest';
import { evaluatePublications, levelOf } from './upgrade-rules';

const row = (
  id: number,
  iso: string,
  extra: Partial<{ title: string; body: string; hasMedia: boolean; lights: number; replies: number }> = {},
) => ({
  id,
  title: '一双鞋的一周上脚体验',
  body: '正文'.repeat(20),
  hasMedia: false,
  createdAt: new Date(iso),
  lights: 0,
  replies: 0,
  ...extra,
});

describe('upgrade rules', () => {
  it('counts three a day by China time: 23:59 and 00:01 in Shanghai are two days', () => {
    const judged = evaluatePublications([
      row(1, '2026-03-01T10:00:00+08:00'),
      row(2, '2026-03-01T11:00:00+08:00'),
      row(3, '2026-03-01T12:00:00+08:00'),
      row(4, '2026-03-01T23:59:00+08:00'),
      row(5, '2026-03-02T00:01:00+08:00'),
    ]);
    expect([...judged.values()].map((j) => j.counted)).toEqual([true, true, true, false, true]);
    expect(judged.get(4)?.reason).toBe('当天已计入 3 篇，超出的不计入');
  });

  it('lets media stand in for text, measures text without tags, and needs 10 lights and 3 comments for quality', () => {
    const judged = evaluatePublications([
      row(1, '2026-03-01T10:00:00+08:00', { body: '<p>短</p>', hasMedia: true, lights: 10, replies: 3 }),
      row(2, '2026-03-02T10:00:00+08:00', { body: `<p>${'<b></b>'.repeat(40)}短</p>` }),
      row(3, '2026-03-03T10:00:00+08:00', { lights: 10, replies: 2 }),
    ]);
    expect(judged.get(1)).toEqual({ counted: true, reason: null, quality: true });
    expect(judged.get(2)?.reason).toBe('正文少于 30 个字且没有图片或视频，不计入');
    expect(judged.get(3)).toEqual({ counted: true, reason: null, quality: false });
  });

  it('gives the highest level all three figures reach', () => {
    expect(levelOf({ publications: 100, qualityContents: 2, lights: 1000 }).title).toBe('成长创作者');
    expect(levelOf({ publications: 15, qualityContents: 3, lights: 100 }).title).toBe('优质创作者');
    expect(levelOf({ publications: 4, qualityContents: 9, lights: 999 }).title).toBe('新手创作者');
  });
});
