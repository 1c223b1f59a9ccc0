// @rtk-query/codegen-openapi configuration: one `<tag>.gen.ts` per contract tag under
// src/app/api/, each injected into the hand-written base API. Loaded with require(), hence .cjs.
const { readFileSync } = require('node:fs');
const { parse } = require('yaml');

const contract = parse(readFileSync(`${__dirname}/openapi/minside.yaml`, 'utf8'));
const tags = contract.tags.map((t) => t.name);

module.exports = {
  schemaFile: './openapi/minside.yaml',
  apiFile: './src/app/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  outputFiles: Object.fromEntries(
    tags.map((tag) => [
      `./src/app/api/${tag}.gen.ts`,
      {
        filterEndpoints: (_name, definition) => (definition.operation.tags || []).includes(tag),
        exportName: `${tag}Api`,
      },
    ]),
  ),
  // These are POSTs only because their input travels in a body (spec §7); they read, so the SPA
  // uses them as cached queries.
  endpointOverrides: [
    { pattern: ['retrieveTitleCode', 'getDiscountDetails', 'postSegmentMessage'], type: 'query' },
    // The token of an invitation link travels in a body to stay out of logs; it is a read.
    { pattern: ['previewFamilyInvitation'], type: 'query' },
  ],
};
