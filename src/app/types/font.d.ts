// A web font file imported by a module is its URL in the build (the same file the stylesheets'
// @font-face rules name).
declare module '*.woff2' {
  const url: string;
  export default url;
}
