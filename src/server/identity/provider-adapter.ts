// Storage adapter of the embedded OpenID provider: every model oidc-provider keeps (sessions,
// interactions, grants, authorization codes, access and refresh tokens) is a row of oidc_models,
// so a restart or a second instance sees the same sessions and tokens. The same parameterised SQL
// runs on PGlite and PostgreSQL. Expiry is decided with our clock: a row past its expires_at is
// never returned, and deleteExpiredOidcModels removes such rows for good.
// Owns `oidc_models`.
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';

import { type Clock, systemClock } from '../clock';
import type { Queryable } from '../db/db';

type ModelRow = {
  readonly payload: AdapterPayload;
  readonly consumed_at: Date | string | null;
};

const SELECT_LIVE = `select payload, consumed_at from oidc_models
  where model = $1 and (expires_at is null or expires_at > $3::timestamptz)`;

function epochSeconds(value: Date | string): number {
  return Math.floor(new Date(value).getTime() / 1000);
}

/** The payload as oidc-provider expects it back: `consumed` set once the model was consumed. */
function toPayload(row: ModelRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  return row.consumed_at === null
    ? row.payload
    : { ...row.payload, consumed: epochSeconds(row.consumed_at) };
}

/**
 * The adapter class for `new Provider(issuer, { adapter: adapterFor(db) })`: oidc-provider makes
 * one instance per model name ('Session', 'AccessToken', 'Grant' …).
 */
export function adapterFor(db: Queryable, clock: Clock = systemClock): AdapterConstructor {
  const now = () => clock.now().toISOString();

  return class DbAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt =
        expiresIn === undefined ? null : new Date(clock.now().getTime() + expiresIn * 1000);
      await db.query(
        `insert into oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, $7::timestamptz)
         on conflict (model, id) do update set
           payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt?.toISOString() ?? null,
        ],
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<ModelRow>(`${SELECT_LIVE} and id = $2`, [this.model, id, now()]);
      return toPayload(row);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<ModelRow>(`${SELECT_LIVE} and uid = $2 limit 1`, [
        this.model,
        uid,
        now(),
      ]);
      return toPayload(row);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<ModelRow>(`${SELECT_LIVE} and user_code = $2 limit 1`, [
        this.model,
        userCode,
        now(),
      ]);
      return toPayload(row);
    }

    async consume(id: string): Promise<void> {
      await db.query(
        `update oidc_models set consumed_at = $3::timestamptz
          where model = $1 and id = $2 and consumed_at is null`,
        [this.model, id, now()],
      );
    }

    async destroy(id: string): Promise<void> {
      await db.query('delete from oidc_models where model = $1 and id = $2', [this.model, id]);
    }

    /** Removes everything issued under a grant, whatever its model (codes, tokens …). */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('delete from oidc_models where grant_id = $1', [grantId]);
    }
  };
}

/** Deletes expired provider models; returns how many. For a periodic clean-up job. */
export async function deleteExpiredOidcModels(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(
    'delete from oidc_models where expires_at <= $1::timestamptz returning 1 as deleted',
    [now.toISOString()],
  );
  return rows.length;
}

/** Erasure (privacy/deletion.ts): the provider's grants, sessions and tokens of the identity. */
export async function eraseProviderModels(db: Queryable, spidId: string): Promise<void> {
  await db.query(`delete from oidc_models where payload ->> 'accountId' = $1`, [spidId]);
}
