// `npm run dev`: the API server in watch mode on API_PORT (8081) and webpack-dev-server with hot
// reload on PORT (8080), proxying /api to the server.
import { spawn } from 'node:child_process';

import { root } from './lib';

const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, DIST_DIR: '/nonexistent' },
  }),
  spawn('npx', ['webpack', 'serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, NODE_OPTIONS: '--import tsx' },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
