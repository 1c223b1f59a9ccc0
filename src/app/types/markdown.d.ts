// The legal pages' texts (locales/{nb,nn}/legal/*.md) are imported as their source text.
declare module '*.md' {
  const text: string;
  export default text;
}
