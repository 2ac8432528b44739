// A deliberate render failure, so the browser tests can prove the render-error path of spec §8
// (error page + '渲染错误' reported) on the real shell. An internal page: the server serves it
// only where those are allowed (apps/server/src/plugins/internal-access.ts), never in production.
export default function RenderError(): never {
  throw new Error('deliberate render error (debug route)');
}
