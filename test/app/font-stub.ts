// A web font file in component tests: its URL in the build.
export default '/assets/font.woff2';
