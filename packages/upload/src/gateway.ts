import { type Endpoint, tokenEndpointOf, type UploadGateway } from '@h5/contract';
import { readCookie, UPLOAD_MESSAGES } from '@h5/core';
import type { UploadConfig } from './config';
import { UploadError } from './upload-error';

/** How a token is asked for: the gateway's endpoint, its headers and the open client. */
export interface GatewayCall {
  endpoint: Endpoint;
  headers: Record<string, string>;
  openObject?: UploadConfig['openObject'];
}

const APP_HEADERS = new Set(['x-auth-token', 'duToken']);

/**
 * The token call of the configured gateway with the spec §5 rules ('Upload, token fetch'):
 * auth sends `backstageCode`; every other gateway sends the header `gatewayKey` valued from
 * `gatewayValue` or the cookie `cookieKey`; app/abroad allow only x-auth-token or duToken,
 * customize only duToken; open also sends its openObject in the body.
 */
export function gatewayCallOf(config: UploadConfig, cookie: () => string): GatewayCall {
  const gateway: UploadGateway = config.isAbroad && config.gateway === 'app' ? 'abroad' : config.gateway;
  const endpoint = tokenEndpointOf(gateway) as Endpoint | undefined;
  if (!endpoint) throw new UploadError(UPLOAD_MESSAGES.tokenEndpointNotFound);

  if (gateway === 'auth') {
    if (!config.backstageCode) throw new UploadError(UPLOAD_MESSAGES.authGatewayBackstageCode);
    return { endpoint, headers: { backstageCode: config.backstageCode } };
  }

  const { gatewayKey, cookieKey, gatewayValue } = config;
  if (!gatewayKey || (!cookieKey && !gatewayValue)) throw new UploadError(UPLOAD_MESSAGES.gatewayParams);
  if ((gateway === 'app' || gateway === 'abroad') && !APP_HEADERS.has(gatewayKey)) {
    throw new UploadError(UPLOAD_MESSAGES.appGatewayHeader);
  }
  if (gateway === 'customize' && gatewayKey !== 'duToken')
    throw new UploadError(UPLOAD_MESSAGES.customGatewayToken);
  const open = config.openObject;
  if (gateway === 'open' && !(open?.clientId && open.sysCode && open.channel)) {
    throw new UploadError(UPLOAD_MESSAGES.openGatewayObject);
  }

  const value = gatewayValue || (cookieKey ? readCookie(cookie(), cookieKey) : null);
  if (!value) throw new UploadError(UPLOAD_MESSAGES.cookieEmpty);
  const call: GatewayCall = { endpoint, headers: { [gatewayKey]: value } };
  if (gateway === 'open' && open) {
    call.openObject = { clientId: open.clientId, sysCode: open.sysCode, channel: open.channel };
  }
  return call;
}
