// A module resolve hook, registered by the server's launcher (build.mjs writes dist/main.js):
// react-router's package exports name its development build under every condition
// (remix-run/react-router#14102), so its production build is taken here, for the server's own
// imports and the SSR bundle's alike (one module instance).
const PACKAGE = /^react-router(\/dom)?$/;

/** Node's `resolve` hook: `react-router` and `react-router/dom` to `dist/production`. */
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (!PACKAGE.test(specifier)) return resolved;
  return { ...resolved, url: resolved.url.replace('/dist/development/', '/dist/production/') };
}
