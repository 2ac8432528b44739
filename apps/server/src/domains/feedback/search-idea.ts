import {
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MAX_TEXT,
  type feedback,
  type InputOf,
  type ResponseOf,
  type SearchIdeaConfig,
  searchIdeaStoredConfigSchema,
} from '@h5/contract';
import { FEEDBACK_OPTION_INVALID, NOT_FOUND } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configEntries, searchIdeas } from '../../db/schema';
import { SEARCH_IDEA_CONFIG_KEY } from '../../db/seed/feedback-seed';
import { AppError } from '../../plugins/errors';
import type { UploadDeps } from '../upload/external-objects';
import { checkEvidence } from './evidence';
import { FEEDBACK_MESSAGES } from './messages';

type SearchIdeaInput = InputOf<typeof feedback.searchIdeaUpload>;
type SearchIdeaResult = ResponseOf<typeof feedback.searchIdeaUpload>;

/** The stored form config (config_entries, edited by operators): a JSON string or an object. */
const storedConfigSchema = searchIdeaStoredConfigSchema;

/** The search-idea form: the stored config plus the contract's limits. */
export async function searchIdeaConfig(db: Db): Promise<SearchIdeaConfig> {
  const [row] = await db
    .select({ value: configEntries.value })
    .from(configEntries)
    .where(
      and(
        eq(configEntries.projectName, SEARCH_IDEA_CONFIG_KEY.projectName),
        eq(configEntries.key, SEARCH_IDEA_CONFIG_KEY.key),
        eq(configEntries.type, SEARCH_IDEA_CONFIG_KEY.type),
      ),
    );
  const value = typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value;
  const parsed = storedConfigSchema.safeParse(value);
  if (!parsed.success) throw new AppError(NOT_FOUND, FEEDBACK_MESSAGES.searchIdeaConfigMissing);
  return { ...parsed.data, maxImages: FEEDBACK_MAX_IMAGES, maxText: FEEDBACK_MAX_TEXT };
}

/**
 * Stores one search idea per requestId (unique with the user; ON CONFLICT DO NOTHING, so a retry
 * or a double tap answers the first row). Every option must be one the config offers.
 */
export async function uploadSearchIdea(
  deps: UploadDeps,
  userId: number,
  input: SearchIdeaInput,
): Promise<SearchIdeaResult> {
  const { db } = deps;
  const config = await searchIdeaConfig(db);
  const offered = new Set(config.options.map((option) => option.id));
  const unknown = input.optionIds.find((id) => !offered.has(id));
  if (unknown !== undefined)
    throw new AppError(FEEDBACK_OPTION_INVALID, FEEDBACK_MESSAGES.optionInvalid(unknown));
  const keys = await checkEvidence(deps, userId, input.images);

  const [inserted] = await db
    .insert(searchIdeas)
    .values({
      userId,
      keyword: input.keyword.trim(),
      optionIds: [...new Set(input.optionIds)],
      content: input.content,
      images: keys,
      requestId: input.requestId,
    })
    .onConflictDoNothing()
    .returning({ id: searchIdeas.id, createdAt: searchIdeas.createdAt });
  const row =
    inserted ??
    (
      await db
        .select({ id: searchIdeas.id, createdAt: searchIdeas.createdAt })
        .from(searchIdeas)
        .where(and(eq(searchIdeas.userId, userId), eq(searchIdeas.requestId, input.requestId)))
    )[0];
  if (!row) throw new Error(`search idea ${input.requestId} neither inserted nor found`);
  return { ideaId: row.id, createdAt: row.createdAt.toISOString() };
}
