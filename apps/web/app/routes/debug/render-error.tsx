// A deliberate render failure, outside production only, so the browser tests can prove the
// render-error path of spec §8 (error page + '渲染错误' reported) on the real shell.
import { data } from 'react-router';
import { PRODUCTION_APP_ENV } from '../../lib/app-env';
import type { Route } from './+types/render-error';

const NOT_FOUND = 404;

export function loader({ context }: Route.LoaderArgs) {
  if (context.runtime.appEnv === PRODUCTION_APP_ENV) throw data(null, { status: NOT_FOUND });
  return null;
}

export default function RenderError(): never {
  throw new Error('deliberate render error (debug route)');
}
