import { availableParallelism } from 'node:os';

// Jest runs natively as ES modules (the server's dependencies are ESM-only) with @swc/jest.
// Two projects: server + shared code in Node, the SPA in jsdom.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      // Keeps `with { type: 'json' }` (src/shared/student/institutions.ts): Node needs it.
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // The legal pages' Markdown is imported as its text, as webpack's asset/source does.
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.md$': '<rootDir>/test/markdown-transform.cjs' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'md'],
};

export default {
  // One folder and id per run for the seeded database copies (test/server/test-db.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // A worker per core: Jest's default leaves one core to itself (cores − 1, i.e. every suite in
  // one process on 2 cores), while the main process only collects results.
  maxWorkers: availableParallelism(),
  // Each server suite starts its own embedded database (a few seconds on 2 cores, far more when
  // the machine is busy with other work: a slow start must not read as a failure).
  testTimeout: 60_000,
  // Tests run in a worker that is replaced once it holds more than this after a suite: under
  // --experimental-vm-modules every suite's module graph stays reachable, and one process running
  // all ~130 suites in band (Jest's choice with one worker, i.e. on 2 cores) ran out of heap.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server', '<rootDir>/test/shared', '<rootDir>/test/contract'],
    },
    {
      ...common,
      displayName: 'app',
      testEnvironment: '<rootDir>/test/app/jsdom-environment.cjs',
      testEnvironmentOptions: { url: 'http://fvn.localhost:8080/' },
      roots: ['<rootDir>/test/app'],
      setupFilesAfterEnv: ['<rootDir>/test/app/setup-dom.ts'],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/test/app/style-stub.ts',
        '\\.woff2$': '<rootDir>/test/app/font-stub.ts',
      },
    },
  ],
};
