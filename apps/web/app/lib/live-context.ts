import type { LiveContext } from '@h5/contract';
import { USER_ROLE_HOST } from '@h5/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { readPageQuery } from './page-query';

/** A positive integer of the query, or undefined. */
const idOf = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The live context of a page (spec §2, §6): `streamId`, `streamLogId` and `userRole` from its
 * query, as every live call and live analytics event carries them.
 */
export function liveContextOf(search: string | URLSearchParams): LiveContext & { isHost: boolean } {
  const query = readPageQuery(search);
  const context: LiveContext & { isHost: boolean } = { isHost: query.isHost };
  const streamId = idOf(query.streamId);
  const streamLogId = idOf(query.streamLogId);
  if (streamId !== undefined) context.streamId = streamId;
  if (streamLogId !== undefined) context.streamLogId = streamLogId;
  if (query.isHost) context.userRole = USER_ROLE_HOST;
  return context;
}

/** The live context of the current page, for calls: the query's three fields, nothing else. */
export function useLiveContext() {
  const { search } = useLocation();
  return useMemo(() => liveContextOf(search), [search]);
}

/** The query string of a live page link carrying the context on. */
export function liveSearch(context: LiveContext): string {
  const params = new URLSearchParams();
  if (context.streamId !== undefined) params.set('streamId', String(context.streamId));
  if (context.streamLogId !== undefined) params.set('streamLogId', String(context.streamLogId));
  if (context.userRole !== undefined) params.set('userRole', String(context.userRole));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The call input of a context: the three fields, without `isHost`. */
export const callContext = ({ isHost: _, ...context }: LiveContext & { isHost: boolean }): LiveContext =>
  context;
