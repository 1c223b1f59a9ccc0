// Jest transform for the legal pages' Markdown: the module is the file's text (as webpack's
// asset/source makes it in the build).
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
