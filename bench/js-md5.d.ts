// The browser build of js-md5, imported directly so the bench measures the browser code path
// (in Node the package's default export resolves to its Node build).
declare module 'js-md5/build/md5.mjs' {
  export { md5 } from 'js-md5';
}
