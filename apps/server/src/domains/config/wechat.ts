import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { wechatAuthorizeUrl, wechatShareConfig } from './wechat-signature';

/** The WeChat calls of spec §7: JS-SDK share-config and the OAuth authorize-url. */
export function registerWechatRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { WECHAT_APP_ID, WECHAT_JSAPI_TICKET } = deps.env;
  registerEndpoint(app, deps, contract.config.wechatShareConfig, ({ shareUrl }) =>
    wechatShareConfig(WECHAT_APP_ID, WECHAT_JSAPI_TICKET, shareUrl),
  );
  registerEndpoint(app, deps, contract.config.wechatAuthorizeUrl, ({ redirectUrl, state }) => ({
    url: wechatAuthorizeUrl(WECHAT_APP_ID, redirectUrl, state),
  }));
}
