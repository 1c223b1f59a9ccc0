// The build's route table (scripts/chunk-manifest-plugin.ts) from a real webpack compilation of a
// small app: a route's files are its screen's chunks and those of the flow the screen starts.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import webpack from 'webpack';

import { ChunkManifestPlugin } from '../../scripts/chunk-manifest-plugin';
import type { ChunkManifest } from '../../src/shared/build/chunk-manifest';

let dir: string;
let manifest: ChunkManifest;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'minside-manifest-'));
  await writeFile(
    path.join(dir, 'entry.js'),
    [
      'export const order = () => import(/* webpackChunkName: "route-order" */ "./order.js");',
      'export const home = () => import(/* webpackChunkName: "route-home" */ "./home.js");',
      'export const flow = () => import(/* webpackChunkName: "flow-order" */ "./flow.js");',
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'order.js'), 'export default "order";');
  await writeFile(path.join(dir, 'home.js'), 'export default "home";');
  await writeFile(path.join(dir, 'flow.js'), 'export default function* flow() {}');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './entry.js' },
    output: { path: path.join(dir, 'dist'), chunkFilename: '[name].[contenthash:8].js' },
    optimization: { minimize: false },
    plugins: [
      new ChunkManifestPlugin(
        [
          { path: '/', chunk: 'route-home' },
          { path: '/bestill-abonnement', chunk: 'route-order', flowChunk: 'flow-order' },
        ],
        [],
      ),
    ],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(String(stats))) : resolve(),
    ),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  manifest = JSON.parse(
    await readFile(path.join(dir, 'dist', 'chunk-manifest.json'), 'utf8'),
  ) as ChunkManifest;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the chunk manifest', () => {
  it("lists with a route the files of the flow its screen starts, after the screen's own", () => {
    const order = manifest.routes.find((route) => route.path === '/bestill-abonnement');
    expect(order?.files).toEqual([
      ...manifest.groups['route-order']!,
      ...manifest.groups['flow-order']!,
    ]);
    expect(order?.files.some((file) => file.startsWith('flow-order.'))).toBe(true);
  });

  it('lists only the screen of a route that starts no flow', () => {
    const home = manifest.routes.find((route) => route.path === '/');
    expect(home?.files).toEqual(manifest.groups['route-home']);
    expect(home?.files.some((file) => file.startsWith('flow-order.'))).toBe(false);
  });
});
