import { createUuid } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { useCallback, useRef, useState } from 'react';

/** A refusal: the message to show and the envelope's code (0 when no answer came). */
export interface SubmitError {
  message: string;
  code: number;
}

export interface Submit<T> {
  submit: () => Promise<void>;
  submitting: boolean;
  error: SubmitError | null;
  result: T | null;
}

/**
 * One form submission: a requestId made once per form, so a retry after a failure (or a double
 * tap) is the same request and the server stores one record; the refusal's message for the page.
 */
export function useSubmit<T>(send: (requestId: string) => Promise<T>): Submit<T> {
  const requestId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<SubmitError | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const submit = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    requestId.current ??= createUuid();
    setSubmitting(true);
    setError(null);
    try {
      setResult(await send(requestId.current));
    } catch (failure) {
      setError({
        message: failure instanceof Error ? failure.message : String(failure),
        code: isApiError(failure) ? failure.code : 0,
      });
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }, [send]);
  return { submit, submitting, error, result };
}
