import type { CallOptions } from '@h5/request';
import { useCallback, useRef, useState } from 'react';
import { invalidate } from './data-layer/cache';
import type { DomainName, EntryName, InputOf, OutputOf } from './data-layer/entry';
import { failureOf } from './failure';
import { useApi } from './use-api';

export interface ActionOptions<N extends EntryName> {
  /** The form's fields: a 400 refusing one of them shows under it (`fieldErrors`), not as `error`. */
  fields?: readonly string[];
  /**
   * Entries or domains the write changes: invalidated once the call settled, answered or refused
   * (a refusal often means what is on screen is stale), so their readers on screen load again.
   */
  invalidates?: readonly (EntryName | DomainName)[];
  /** What the answer does next (a toast, a navigation). */
  onDone?: (answer: OutputOf<N>, input: InputOf<N>) => void;
  /** A refusal's sentence for a toast, and the refusal itself (its code); without it the screen shows `error`. */
  onError?: (message: string, failure: unknown) => void;
  /** Options of the call (a header); errors never toast on their own: `onError` or `error` says them. */
  call?: CallOptions;
}

/** One write as the screen shows it. */
export interface Action<N extends EntryName> {
  /** Sends once per key at a time (a double tap sends once); resolves with the answer, or undefined when refused. */
  run: (input: InputOf<N>, key?: string | number) => Promise<OutputOf<N> | undefined>;
  /** A call is in flight; `busyKey` says which (a row's claim button). */
  busy: boolean;
  busyKey: string | number | null;
  /** The last refusal's sentence for the whole form, or null. */
  error: string | null;
  /** The last refusal's reasons by form field (a 400's data names them). */
  fieldErrors: Readonly<Record<string, string>>;
  /** The last refusal itself, or null: what a screen reads beyond its sentence (a code, the data). */
  failure: unknown;
  /** Forgets the last refusal: the form changed, so what was refused no longer stands (issue 28 point 13). */
  reset: () => void;
}

const NO_FIELDS: Readonly<Record<string, string>> = {};
const SOLE = 'sole';

/**
 * The one way a screen writes (issue 27 point 2): a contract entry by name, its busy state and its
 * refusal, field by field; what it changes is invalidated, so the screen shows the server's state
 * without reload chains. The server makes a write happen once; this keeps one tab from asking twice.
 */
export function useAction<N extends EntryName>(name: N, options: ActionOptions<N> = {}): Action<N> {
  const api = useApi();
  const latest = useRef(options);
  latest.current = options;
  const inFlight = useRef(new Set<string | number>());
  const [busyKey, setBusyKey] = useState<string | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState(NO_FIELDS);
  const [failure, setFailure] = useState<unknown>(null);
  const run = useCallback(
    async (input: InputOf<N>, key: string | number = SOLE) => {
      if (inFlight.current.has(key)) return undefined;
      inFlight.current.add(key);
      setBusyKey(key);
      setError(null);
      setFieldErrors(NO_FIELDS);
      setFailure(null);
      const { fields = [], invalidates = [], onDone, onError, call } = latest.current;
      try {
        const answer = await api(name, input, { ...call, errorToast: false });
        onDone?.(answer, input);
        return answer;
      } catch (refused) {
        setFailure(refused);
        const shown = failureOf(refused, fields);
        if (Object.keys(shown.fields).length > 0) setFieldErrors(shown.fields);
        else if (onError) onError(shown.message, refused);
        else setError(shown.message);
        return undefined;
      } finally {
        inFlight.current.delete(key);
        setBusyKey(inFlight.current.size > 0 ? ([...inFlight.current].at(-1) ?? null) : null);
        for (const target of invalidates) invalidate(target);
      }
    },
    [api, name],
  );
  const reset = useCallback(() => {
    setError(null);
    setFieldErrors(NO_FIELDS);
    setFailure(null);
  }, []);
  return {
    run,
    reset,
    busy: busyKey !== null,
    busyKey: busyKey === SOLE ? null : busyKey,
    error,
    fieldErrors,
    failure,
  };
}
