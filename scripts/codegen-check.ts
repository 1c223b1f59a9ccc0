// `npm run codegen:check`: regenerates the RTK Query client and the server's contract types
// (openapi-typescript) from openapi/minside.yaml and fails when the committed *.gen.ts files
// differ (the committed files are left as they were).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { root, run } from './lib';

const apiDir = path.join(root, 'src/app/api');
const genFiles = () =>
  readdirSync(apiDir)
    .filter((f) => f.endsWith('.gen.ts'))
    .sort();

const before = new Map(genFiles().map((f) => [f, readFileSync(path.join(apiDir, f), 'utf8')]));
await run('npx', ['rtk-query-codegen-openapi', 'openapi-config.cjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const after = new Map(genFiles().map((f) => [f, readFileSync(path.join(apiDir, f), 'utf8')]));

const drift: string[] = [];
for (const [file, content] of after) {
  if (!before.has(file)) drift.push(`${file} is generated but not committed`);
  else if (before.get(file) !== content)
    drift.push(`${file} differs from what the contract generates`);
}
for (const file of before.keys()) {
  if (!after.has(file)) drift.push(`${file} is committed but no longer generated`);
}

// Put the committed state back so the check never changes the tree.
for (const file of after.keys()) {
  const committed = before.get(file);
  const full = path.join(apiDir, file);
  if (committed === undefined) rmSync(full);
  else writeFileSync(full, committed);
}
for (const [file, content] of before) {
  if (!existsSync(path.join(apiDir, file))) writeFileSync(path.join(apiDir, file), content);
}

// The server's request/response types: generated into a scratch folder and compared.
const serverTypes = 'src/server/http/contract.gen.ts';
const scratch = mkdtempSync(path.join(tmpdir(), 'contract-gen-'));
try {
  const generated = path.join(scratch, 'contract.gen.ts');
  await run('npx', ['openapi-typescript', 'openapi/minside.yaml', '-o', generated], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const committed = path.join(root, serverTypes);
  if (!existsSync(committed)) drift.push(`${serverTypes} is generated but not committed`);
  else if (readFileSync(committed, 'utf8') !== readFileSync(generated, 'utf8'))
    drift.push(`${serverTypes} differs from what the contract generates`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (drift.length > 0) {
  console.error('The generated API client is out of date with openapi/minside.yaml:');
  for (const line of drift) console.error(`  - ${line}`);
  console.error('Run `npm run codegen` and commit the result. Never edit *.gen.ts by hand.');
  process.exit(1);
}
console.log(`codegen:check: ${after.size + 1} generated files match openapi/minside.yaml`);
