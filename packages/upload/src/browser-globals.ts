/**
 * The few browser-only APIs the SDK touches, looked up on globalThis and typed structurally, so
 * the package type-checks with or without the DOM lib (the server's round-trip test imports it
 * under Node types) and runs in Node, where they are absent.
 */

/** A global by name, or undefined (blocked storage throws on access: Safari private mode, sandboxed frames). */
export function browserGlobal<T>(name: string): T | undefined {
  try {
    return (globalThis as unknown as Record<string, unknown>)[name] as T | undefined;
  } catch {
    return undefined;
  }
}

/** The part of XMLHttpRequest the transport uses. */
export interface XhrLike {
  open(method: string, url: string): void;
  withCredentials: boolean;
  setRequestHeader(name: string, value: string): void;
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  abort(): void;
  send(body?: unknown): void;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  getAllResponseHeaders(): string;
}

/** The part of an image element the size reader uses. */
export interface ImageLike {
  onload: (() => void) | null;
  onerror: (() => void) | null;
  src: string;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
}

export type CreateImageBitmapLike = (
  image: Blob,
) => Promise<{ readonly width: number; readonly height: number; close(): void }>;
