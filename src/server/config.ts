// Typed configuration read once from the environment; every default runs the product with no
// outside service (embedded database, identity provider, payment sandbox and outbox).
import path from 'node:path';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  readonly databaseUrl: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  readonly dataDir: string;
  readonly logLevel: string;
  readonly production: boolean;
  /** Folder of the built SPA that the server serves. */
  readonly distDir: string;
  /** Validate every response body against the contract (on unless explicitly turned off). */
  readonly validateResponses: boolean;
  /** Seed demo plans, complaint codes and demo accounts into an empty database. */
  readonly seedDemoData: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a whole number between 0 and 65535, got "${raw}"`);
  }
  return value;
}

function flagFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(cwd, 'data', 'pglite'),
    logLevel: env.LOG_LEVEL || 'info',
    production: env.NODE_ENV === 'production',
    distDir: env.DIST_DIR || path.join(cwd, 'dist'),
    validateResponses: flagFrom(env, 'VALIDATE_RESPONSES', true),
    seedDemoData: flagFrom(env, 'SEED_DEMO_DATA', true),
  };
}
