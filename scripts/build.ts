// `npm run build`: the production build of the SPA into dist/, stamped with its sources' hash so
// that npm start, the benchmarks and test:e2e reuse it rather than build again (scripts/lib.ts).
import { buildSpa } from './lib';

await buildSpa();
