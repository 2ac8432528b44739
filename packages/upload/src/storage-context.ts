import type { ObjectAcl } from '@h5/contract';
import type { KeyValueStorage } from './config';
import type { TokenRequest, TokenSource } from './token-source';
import type { Transport } from './transport';

/** What one storage upload needs: how to send, how long to wait, where the credentials come from. */
export interface StorageContext {
  transport: Transport;
  timeoutMs: number;
  tokens: TokenSource;
  tokenRequest: TokenRequest;
  objectAcl?: ObjectAcl | undefined;
  /** Where multipart checkpoints live (local storage); none: no resume. */
  local?: KeyValueStorage | undefined;
  signal?: AbortSignal | undefined;
}
