import { createContext, useContext } from 'react';

/**
 * The page response's CSP nonce, provided by entry.server.tsx around the whole render. Only the
 * server renders script tags that need it; in the browser there is none (and none is needed).
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** This response's CSP nonce while rendering on the server; undefined in the browser. */
export const useNonce = (): string | undefined => useContext(NonceContext);
