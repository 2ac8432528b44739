import { TANABATA_TOPIC } from '@h5/contract';
import { articleSpuIds, CONTENT_CATEGORY, CONTENT_TYPE, type ContentType, transformArticle } from '@h5/core';
import type { StoredImage } from '../schema';
import { DEMO_CREATOR_ID, DEMO_CREATOR_PHONE, portraitOf, type SeedPortrait } from './creator-portrait';
import { Random } from './random';
import { richTextBody } from './rich-text';
import * as vocab from './vocab';

export const SEED = 20250601;
/** Seeded rows are dated relative to this fixed instant, so every run is identical. */
export const SEED_EPOCH_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
const DAY_MS = 86_400_000;
/** Every this-many-th seeded content carries the #七夕 topic, so the 七夕 ranking has entries. */
export const TANABATA_EVERY = 40;

export const SEED_SIZES = { users: 300, creators: 40, contents: 2000, replies: 8000, products: 200 } as const;

/** A URL of the server's own seed art route (`/cdn/seed/<name>.svg`). */
export const seedArtUrl = (name: string, width: number, height: number): string =>
  `/cdn/seed/${name}.svg?w=${width}&h=${height}`;

/** A URL of one of the kept emoji pictures (apps/server/assets/emoji/, `/cdn/emoji/<file>`). */
export const emojiAssetUrl = (file: string): string => `/cdn/emoji/${file}`;

/** A URL of a seeded content photo (`/cdn/seed/<name>.jpg`): the art as a real raster image. */
export const seedPhotoUrl = (name: string, width: number, height: number): string =>
  `/cdn/seed/${name}.jpg?w=${width}&h=${height}`;

const ASPECTS: ReadonlyArray<readonly [number, number]> = [
  [750, 1000],
  [800, 800],
  [1000, 750],
  [720, 1280],
  [1280, 720],
  [800, 1000],
  [900, 1200],
];

export interface SeedUser extends SeedPortrait {
  id: number;
  phone: string | null;
  userName: string;
  avatar: string;
  isCreator: boolean;
  createdAt: Date;
}

export interface SeedContent {
  id: number;
  authorId: number;
  contentType: ContentType;
  category: number;
  /** The hashtag topic (contents.topic): '七夕' on every {@link TANABATA_EVERY}th content, else null. */
  topic: string | null;
  title: string;
  body: string;
  coverUrl: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  images: StoredImage[];
  videoUrl: string | null;
  videoDuration: number | null;
  lightCount: number;
  replyCount: number;
  createdAt: Date;
}

export interface SeedReply {
  id: number;
  contentId: number;
  userId: number;
  parentId: number | null;
  replyToUserId: number | null;
  content: string;
  lightCount: number;
  createdAt: Date;
}

function userName(rng: Random, id: number): string {
  if (rng.chance(0.25)) return `${rng.pick(vocab.LATIN_NAMES)}${rng.pick(vocab.NAME_CORES)}${id % 100}`;
  return `${rng.pick(vocab.NAME_HEADS)}${rng.pick(vocab.NAME_CORES)}${rng.pick(vocab.NAME_TAILS)}`;
}

function generateUsers(rng: Random): SeedUser[] {
  const users: SeedUser[] = [];
  for (let id = 1; id <= SEED_SIZES.users; id++) {
    users.push({
      id,
      // Seeded people have no phone (web logins create their own users), but for the demo creator.
      phone: id === DEMO_CREATOR_ID ? DEMO_CREATOR_PHONE : null,
      userName: userName(rng, id),
      avatar: seedArtUrl(`avatar-${id}`, 160, 160),
      isCreator: id <= SEED_SIZES.creators,
      createdAt: new Date(SEED_EPOCH_MS - 400 * DAY_MS + id * 3_600_000),
      ...portraitOf(id),
    });
  }
  return users;
}

/** Nothing: the values were drawn for the stream's sake only. */
const drawnAndDropped = (..._draws: number[]) => ({});

/** A product's name: a brand, one of its own models, a colourway. */
function productTitle(rng: Random): { brand: string; title: string } {
  const { brand, model } = vocab.brandModel(rng);
  return { brand, title: `${brand} ${model} ${rng.pick(vocab.COLORWAYS)}` };
}

/**
 * A content's title. Under a topic other than 热门推荐 it is one of that topic's (the draws of a
 * sneaker title are still made, so the rest of the seed stays as it was).
 */
function contentTitle(rng: Random, id: number, category: number): string {
  const sneaker = title(rng);
  const own = vocab.CATEGORY_TITLES[category];
  if (!own) return sneaker;
  return (own[id % own.length] ?? sneaker).replace('{model}', vocab.MODELS[id % vocab.MODELS.length] ?? '');
}

function title(rng: Random): string {
  const { brand, model } = vocab.brandModel(rng);
  switch (rng.int(0, 4)) {
    case 0:
      return `${brand} ${model}「${rng.pick(vocab.COLORWAYS)}」${rng.pick(vocab.TOPICS)}，${rng.pick(vocab.HOOKS)}`;
    case 1:
      return `${rng.pick(vocab.LIFESTYLE)}日常｜${model}配${rng.pick(vocab.ITEMS)}`;
    case 2:
      return `${rng.pick(vocab.TOPICS)}：${model}${rng.pick(vocab.HOOKS)}`;
    case 3:
      return `一周${rng.pick(vocab.LIFESTYLE)}穿搭，${brand}${model}承包了`;
    default:
      return `${model} ${rng.pick(vocab.COLORWAYS)}，${rng.pick(vocab.HOOKS)}！`;
  }
}

function body(rng: Random, paragraphs: number): string {
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const count = rng.int(2, 4);
    let text = '';
    for (let s = 0; s < count; s++) text += rng.pick(vocab.SENTENCES);
    out.push(text);
  }
  return out.join('\n\n');
}

/** Strictly increasing times with some exact ties, so the feed's id tie-break is exercised. */
function contentTimes(rng: Random, count: number): number[] {
  const times: number[] = [];
  let t = SEED_EPOCH_MS - 180 * DAY_MS;
  const step = Math.floor((180 * DAY_MS) / count);
  for (let i = 0; i < count; i++) {
    if (i === 0 || !rng.chance(0.05)) t += rng.int(1, 2 * step);
    times.push(t);
  }
  return times;
}

/** The categories besides 热门推荐 (spec §3), in their order: 6 … 12. */
const TOPIC_CATEGORIES = Object.values(CONTENT_CATEGORY).filter((c) => c !== CONTENT_CATEGORY.HotRecommend);

function generateContents(rng: Random, users: SeedUser[]): SeedContent[] {
  const times = contentTimes(rng, SEED_SIZES.contents);
  const contents: SeedContent[] = [];
  for (let id = 1; id <= SEED_SIZES.contents; id++) {
    const roll = rng.float();
    // ~20% video, ~15% NoPic, ~15% RichText, the rest PicText.
    const contentType: ContentType =
      roll < 0.2
        ? CONTENT_TYPE.Video
        : roll < 0.35
          ? CONTENT_TYPE.NoPic
          : roll < 0.5
            ? CONTENT_TYPE.RichText
            : CONTENT_TYPE.PicText;
    const authorId = rng.chance(0.8) ? rng.int(1, SEED_SIZES.creators) : rng.pick(users).id;
    const images: StoredImage[] = [];
    if (contentType !== CONTENT_TYPE.NoPic) {
      const imageCount = contentType === CONTENT_TYPE.Video ? 1 : rng.int(1, 6);
      for (let i = 0; i < imageCount; i++) {
        const [width, height] = rng.pick(ASPECTS);
        images.push({ url: seedPhotoUrl(`c${id}-${i + 1}`, width, height), width, height });
      }
    }
    const cover = images[0] ?? null;
    const drawn = rng.chance(0.8) ? CONTENT_CATEGORY.HotRecommend : rng.pick(TOPIC_CATEGORIES);
    // 视频专区 (9) holds videos only; a text or picture content drawn there goes to 品类进阶 (10).
    const category =
      drawn === CONTENT_CATEGORY.VideoArea && contentType !== CONTENT_TYPE.Video
        ? CONTENT_CATEGORY.CategoryAdvancement
        : drawn;
    contents.push({
      id,
      authorId,
      contentType,
      category,
      // By id, not drawn: the random stream (and so every other seeded value) stays the same.
      topic: id % TANABATA_EVERY === 0 ? TANABATA_TOPIC : null,
      title: contentTitle(rng, id, category),
      body: body(rng, contentType === CONTENT_TYPE.RichText ? rng.int(3, 6) : rng.int(1, 3)),
      coverUrl: cover?.url ?? null,
      coverWidth: cover?.width ?? null,
      coverHeight: cover?.height ?? null,
      images,
      videoUrl: contentType === CONTENT_TYPE.Video ? seedVideoUrl(id) : null,
      // Short clips (made from the cover at the first request, domains/upload/seed-video.ts).
      videoDuration: contentType === CONTENT_TYPE.Video ? rng.int(3, 8) : null,
      lightCount: 0,
      replyCount: 0,
      createdAt: new Date(times[id - 1] as number),
    });
  }
  return contents;
}

function comment(rng: Random): string {
  let text = rng.pick(vocab.COMMENTS);
  const tokens = rng.int(0, 3);
  for (let i = 0; i < tokens; i++) text += `[${rng.pick(vocab.EMOJI_NAMES)}]`;
  return text;
}

function generateReplies(rng: Random, contents: SeedContent[]): SeedReply[] {
  const replies: SeedReply[] = [];
  const topLevel: SeedReply[] = [];
  for (let id = 1; id <= SEED_SIZES.replies; id++) {
    const parent = topLevel.length > 20 && rng.chance(0.35) ? rng.pick(topLevel) : null;
    const target = parent ? null : rng.pick(contents);
    const contentId = parent ? parent.contentId : (target as SeedContent).id;
    const after = parent ? parent.createdAt.getTime() : (target as SeedContent).createdAt.getTime();
    const reply: SeedReply = {
      id,
      contentId,
      userId: rng.int(1, SEED_SIZES.users),
      parentId: parent?.id ?? null,
      replyToUserId: parent?.userId ?? null,
      content: comment(rng),
      lightCount: rng.skewed(300),
      createdAt: new Date(after + rng.int(60_000, 5 * DAY_MS)),
    };
    replies.push(reply);
    if (!parent) topLevel.push(reply);
  }
  return replies;
}

/** The most lights a content's own pull adds (the seeded users are 300). */
const POPULAR_MAX_LIGHTS = 240;
/**
 * The upgrade programme's demo creator (upgrade-seed.ts `SEED_DEMO_CREATOR`, not imported: it
 * imports this module). Its contents keep the even lights only, so its demo level (优质创作者,
 * one quality content short of the next) stays what its journeys and screenshots show.
 */
const UPGRADE_DEMO_AUTHOR = 10;

/**
 * The data centre's demo creator's contents that could become quality contents (at least 3
 * comments now, or among its 6 newest, which the creator history comments on): they get no pull,
 * so its level stays 优质创作者, one quality content short of 星级创作者, as the award journey
 * (e2e/creator-award-earned.spec.ts) starts from. Its other contents are lit like anyone's, so its
 * pick report has picks.
 */
function dataCentreLevelContents(contents: readonly SeedContent[]): Set<number> {
  const own = contents.filter((c) => c.authorId === DEMO_CREATOR_ID);
  const newest = [...own]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, 6);
  return new Set([...newest, ...own.filter((c) => c.replyCount >= 3)].map((c) => c.id));
}

/** Adds `pull[i]` lights to content i by distinct seeded users (never its author), skipping pairs already there. */
function addPopularLights(
  rng: Random,
  contents: readonly SeedContent[],
  pull: readonly number[],
  lights: Array<{ userId: number; contentId: number }>,
): void {
  const seen = new Set(lights.map((l) => `${l.userId}:${l.contentId}`));
  const keepLevel = dataCentreLevelContents(contents);
  contents.forEach((content, i) => {
    if (content.authorId === UPGRADE_DEMO_AUTHOR || keepLevel.has(content.id)) return;
    let wanted = pull[i] ?? 0;
    for (let tries = 0; wanted > 0 && tries < 4 * (pull[i] ?? 0) + 20; tries++) {
      const userId = rng.int(1, SEED_SIZES.users);
      const key = `${userId}:${content.id}`;
      if (userId === content.authorId || seen.has(key)) continue;
      seen.add(key);
      lights.push({ userId, contentId: content.id });
      wanted--;
    }
  });
}

function uniquePairs(count: number, a: () => number, b: () => number): Array<[number, number]> {
  const seen = new Set<string>();
  const pairs: Array<[number, number]> = [];
  while (pairs.length < count) {
    const pair: [number, number] = [a(), b()];
    const key = `${pair[0]}:${pair[1]}`;
    if (pair[0] === pair[1] || seen.has(key)) continue;
    seen.add(key);
    pairs.push(pair);
  }
  return pairs;
}

/** A seeded video's clip (`/cdn/seed/video-<id>.webm`, made from its cover by the CDN). */
export const seedVideoUrl = (contentId: number): string => `/cdn/seed/video-${contentId}.webm`;

/** The seeded video contents, id → their cover photo's name (the clip is made from it) and length. */
export function seedVideoCovers(seed = SEED): Map<number, { cover: string; seconds: number }> {
  const rng = new Random(seed);
  const contents = generateContents(rng, generateUsers(rng));
  return new Map(
    contents.flatMap((c) =>
      c.videoUrl !== null && c.videoDuration !== null
        ? [[c.id, { cover: `c${c.id}-1`, seconds: c.videoDuration }] as const]
        : [],
    ),
  );
}

/**
 * The seeded content photos, name → the size they were seeded with: the first steps of
 * {@link generateSeed} (same random stream), so exactly the photos its contents show.
 */
export function seedPhotoSizes(seed = SEED): Map<string, { width: number; height: number }> {
  const rng = new Random(seed);
  const contents = generateContents(rng, generateUsers(rng));
  const sizes = new Map<string, { width: number; height: number }>();
  for (const content of contents) {
    for (const [i, image] of content.images.entries())
      sizes.set(`c${content.id}-${i + 1}`, { width: image.width, height: image.height });
  }
  return sizes;
}

/** Generates the whole demo data set from a seed: a pure function, the same output every time. */
export function generateSeed(seed = SEED) {
  const rng = new Random(seed);
  const users = generateUsers(rng);
  const contents = generateContents(rng, users);
  const replies = generateReplies(rng, contents);
  const byId = new Map(contents.map((c) => [c.id, c]));
  for (const reply of replies) (byId.get(reply.contentId) as SeedContent).replyCount++;

  // Lights by seeded users, spread evenly ...
  const lights = uniquePairs(
    12_000,
    () => rng.int(1, SEED_SIZES.users),
    () => rng.int(1, SEED_SIZES.contents),
  ).map(([userId, contentId]) => ({ userId, contentId }));
  // ... and each content's own pull, a long tail (issue 28 point 6). Every light is a row by a
  // seeded user, so a content's light count is exactly its lights: the feed, the detail, the pick
  // report and the upgrade records say the same number (no made-up baseline from readers who do
  // not exist). One draw per content from the main stream, as the old baseline took, so the rest
  // of the seed stays as it was; who lit comes from a stream of its own.
  const pull = contents.map(() => rng.skewed(POPULAR_MAX_LIGHTS, 12));
  addPopularLights(new Random(seed + 1), contents, pull, lights);
  for (const light of lights) (byId.get(light.contentId) as SeedContent).lightCount++;

  const follows = uniquePairs(
    3000,
    () => rng.int(1, SEED_SIZES.users),
    () => rng.int(1, SEED_SIZES.creators),
  ).map(([followerId, followeeId]) => ({ followerId, followeeId }));

  const emojis = vocab.EMOJI_SET.map(([name, file]) => ({ name, url: emojiAssetUrl(file) }));

  const products = Array.from({ length: SEED_SIZES.products }, (_, i) => {
    const spuId = 1_000_001 + i * 7;
    const { brand, title } = productTitle(rng);
    return {
      spuId,
      title,
      brand,
      // ¥199–¥2 194 in steps of ¥5, from the spuId so the random stream (and the rest of the seed) stays as it was.
      price: (199 + ((spuId * 37) % 400) * 5) * 100,
      logoUrl: seedArtUrl(`spu-${spuId}`, 400, 400),
      isNewProduct: rng.chance(0.2),
      // The rating is read from the shoe evaluations (issue 31); the two draws that once made one
      // up stay, so the random stream (and the rest of the seed) stays as it was.
      ...drawnAndDropped(rng.float(), rng.skewed(50_000, 2)),
    };
  });

  // RichText bodies become article HTML with product links (spec §5); the first also carries
  // script payloads that the article transform must neutralise.
  const richTexts = contents.filter((c) => c.contentType === CONTENT_TYPE.RichText);
  // Each article recommends the next article (a column), a PicText (a trend) and a NoPic (news).
  const picTexts = contents.filter((c) => c.contentType === CONTENT_TYPE.PicText);
  const noPics = contents.filter((c) => c.contentType === CONTENT_TYPE.NoPic);
  const brief = (c: SeedContent) => ({ id: c.id, title: c.title });
  richTexts.forEach((c, i) => {
    const related = {
      posts: brief(richTexts[(i + 1) % richTexts.length] as SeedContent),
      trend: brief(picTexts[(i * 3) % picTexts.length] as SeedContent),
      news: brief(noPics[(i * 5) % noPics.length] as SeedContent),
    };
    c.body = richTextBody(c, products, related, c === richTexts[0]);
  });
  // Read back through the article transform, so the links are exactly the product cards shown.
  const contentProducts = richTexts.flatMap((c) =>
    [...new Set(articleSpuIds(transformArticle(c.body)))].map((spuId) => ({ contentId: c.id, spuId })),
  );

  return { users, contents, replies, lights, follows, emojis, products, contentProducts };
}

export type SeedData = ReturnType<typeof generateSeed>;
