// `npm run themes -- [--force] [CODE ...]`: generates one Designsystemet brand theme per title
// from the publication registry into public/brands/<code>.css. They are build artifacts that are
// committed, so `npm start` never waits for them. (The titles' wordmarks are drawn by the SPA
// build itself, scripts/wordmarks.ts; public/logos holds only the titles' own logos, deployed
// there, not generated.) Each brand is one CLI run (`tokens create` + `tokens build`) in its own
// temporary folder, at most two at a time: many themes in one config do not finish (see
// TOOLCHAIN.md). A brand is skipped when its CSS exists and the hash of its input config
// (recorded in public/brands/manifest.json) is unchanged; `--force` rebuilds anyway. Works
// offline.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { publications } from '../src/shared/publications/registry';
import type { Publication } from '../src/shared/publications/types';

const root = path.resolve(import.meta.dirname, '..');
const brandsDir = path.join(root, 'public/brands');
const manifestFile = path.join(brandsDir, 'manifest.json');
const cliPackageDir = path.join(root, 'node_modules/@digdir/designsystemet');
const cliBin = path.join(cliPackageDir, 'dist/bin/designsystemet.js');

const MAX_PARALLEL_RUNS = 2;
const FONT_FAMILY = "'Source Sans 3', Arial, sans-serif";
const BORDER_RADIUS = 4;
const CONFIG_FILE = 'designsystemet.config.json';

/** The Designsystemet config for one brand: a single theme named by the lower-case title code. */
function themeConfig(p: Publication) {
  return {
    // Relative to the working folder the CLI runs in (the temporary folder).
    outDir: './design-tokens',
    themes: {
      [themeName(p)]: {
        colors: {
          main: { accent: p.brand.accent },
          neutral: p.brand.neutral,
          support: { highlight: p.brand.highlight },
        },
        typography: { fontFamily: FONT_FAMILY },
        borderRadius: BORDER_RADIUS,
        // Information notices (ds-alert data-color="info") are the title's, not Designsystemet's
        // blue, which is the same on every title: the info scale is drawn from the accent, as
        // the accent's own scale is. Success, warning and danger keep their standard colours,
        // which carry meaning across titles.
        overrides: { severity: { info: p.brand.accent } },
      },
    },
  };
}

function themeName(p: Publication): string {
  return p.titleCode.toLowerCase();
}

const cliVersion = (
  JSON.parse(readFileSync(path.join(cliPackageDir, 'package.json'), 'utf8')) as { version: string }
).version;

/** Hash of everything that decides a brand's CSS: its config and the CLI version. */
function inputHash(p: Publication): string {
  return createHash('sha256')
    .update(JSON.stringify({ cliVersion, config: themeConfig(p) }))
    .digest('hex')
    .slice(0, 16);
}

type Manifest = Record<string, string>;

function readManifest(): Manifest {
  if (!existsSync(manifestFile)) return {};
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

function writeManifest(manifest: Manifest): void {
  const sorted = Object.fromEntries(
    Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Runs the Designsystemet CLI with Node directly (no npx, no network); output kept for errors. */
function designsystemet(args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`designsystemet ${args.join(' ')} exited with ${code ?? signal}\n${output}`),
          ),
    );
  });
}

async function buildBrand(p: Publication): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), `ds-${themeName(p)}-`));
  try {
    await writeFile(path.join(workDir, CONFIG_FILE), JSON.stringify(themeConfig(p), null, 2));
    await designsystemet(['tokens', 'create', '--config', CONFIG_FILE], workDir);
    await designsystemet(['tokens', 'build', '--clean', '--config', CONFIG_FILE], workDir);
    await copyFile(
      path.join(workDir, 'design-tokens-build', `${themeName(p)}.css`),
      path.join(brandsDir, `${themeName(p)}.css`),
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Removes brand CSS and manifest entries of titles no longer in the registry. */
function pruneRemovedTitles(manifest: Manifest): string[] {
  const codes = new Set(publications.map(themeName));
  const removed: string[] = [];
  for (const file of readdirSync(brandsDir)) {
    if (file.endsWith('.css') && !codes.has(file.slice(0, -'.css'.length))) {
      rmSync(path.join(brandsDir, file));
      removed.push(file);
    }
  }
  for (const code of Object.keys(manifest)) {
    if (!codes.has(code)) delete manifest[code];
  }
  return removed;
}

function parseArgs(argv: readonly string[]) {
  const force = argv.includes('--force');
  const unknownFlags = argv.filter((arg) => arg.startsWith('-') && arg !== '--force');
  if (unknownFlags.length > 0) throw new Error(`Unknown option(s): ${unknownFlags.join(' ')}`);
  const codes = argv.filter((arg) => !arg.startsWith('-')).map((code) => code.toUpperCase());
  const unknownCodes = codes.filter((code) => !publications.some((p) => p.titleCode === code));
  if (unknownCodes.length > 0) throw new Error(`Unknown title code(s): ${unknownCodes.join(' ')}`);
  return { force, codes };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { force, codes } = parseArgs(process.argv.slice(2));
  const selected =
    codes.length === 0 ? publications : publications.filter((p) => codes.includes(p.titleCode));
  mkdirSync(brandsDir, { recursive: true });
  const manifest = readManifest();

  const todo = selected.filter(
    (p) =>
      force ||
      manifest[themeName(p)] !== inputHash(p) ||
      !existsSync(path.join(brandsDir, `${themeName(p)}.css`)),
  );
  console.log(
    `Designsystemet ${cliVersion}: ${todo.length} of ${selected.length} brand(s) to build` +
      `${force ? ' (--force)' : ''}, ${selected.length - todo.length} unchanged.`,
  );

  const failures: string[] = [];
  let done = 0;
  let next = 0;
  async function worker(): Promise<void> {
    for (let p = todo[next++]; p !== undefined; p = todo[next++]) {
      const brandStarted = performance.now();
      try {
        await buildBrand(p);
        manifest[themeName(p)] = inputHash(p);
        // Written after every brand, so an interrupted run keeps what it finished.
        writeManifest(manifest);
        done += 1;
        console.log(
          `[${done + failures.length}/${todo.length}] ${p.titleCode} → public/brands/` +
            `${themeName(p)}.css (${seconds(performance.now() - brandStarted)})`,
        );
      } catch (error) {
        failures.push(p.titleCode);
        console.error(`[${done + failures.length}/${todo.length}] ${p.titleCode} failed:`, error);
      }
    }
  }
  await Promise.all(Array.from({ length: MAX_PARALLEL_RUNS }, worker));

  if (codes.length === 0) {
    const removed = pruneRemovedTitles(manifest);
    writeManifest(manifest);
    if (removed.length > 0) console.log(`Removed files of unknown titles: ${removed.join(', ')}`);
  }

  console.log(
    `Built ${done} brand(s), ${failures.length} failed, in ${seconds(performance.now() - started)}.`,
  );
  if (failures.length > 0) {
    console.error(`Failed: ${failures.join(' ')}`);
    process.exitCode = 1;
  }
}

await main();
