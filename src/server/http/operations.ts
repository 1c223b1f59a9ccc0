// Typed requests of the contract's operations, from the types openapi-typescript generates out of
// openapi/minside.yaml (contract.gen.ts, `npm run codegen:server`). Fastify has validated each
// request against the same contract before a handler runs, so these types hold without casts.
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { OperationHandler } from './contract';
import type { components, operations } from './contract.gen';

export type OperationId = keyof operations;

type Defined<T> = [Exclude<T, undefined>] extends [never] ? unknown : Exclude<T, undefined>;

type Parameters<Id extends OperationId, In extends 'path' | 'query' | 'header'> = Defined<
  operations[Id]['parameters'][In]
>;

/** Node hands Fastify header names in lower case (the contract spells `Idempotency-Key`). */
type LowerCaseKeys<T> = { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] };

type JsonBody<Id extends OperationId> =
  Exclude<operations[Id]['requestBody'], undefined> extends { content: infer Content }
    ? Content[keyof Content]
    : undefined;

/** The JSON body an operation takes (`| undefined` where the contract makes it optional). */
export type RequestBody<Id extends OperationId> = undefined extends operations[Id]['requestBody']
  ? JsonBody<Id> | undefined
  : JsonBody<Id>;

/** The request of one operation: `Op<'createOrder'>['body']`, `Op<'getOrder'>['params']`. */
export type Op<Id extends OperationId> = FastifyRequest<{
  Body: RequestBody<Id>;
  Params: Parameters<Id, 'path'>;
  Querystring: Parameters<Id, 'query'>;
  Headers: LowerCaseKeys<Parameters<Id, 'header'>>;
}>;

/** A JSON body schema of the contract: `Schema<'AccountUpdate'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type Handler<Id extends OperationId> = (
  request: Op<Id>,
  reply: FastifyReply,
) => Promise<unknown>;

/** The handlers of one tag, each typed by its operation. */
export type Handlers = { readonly [Id in OperationId]?: Handler<Id> };

/**
 * The one place typed handlers meet the glue's untyped resolver: the route of each handler
 * validates its request against the operation its key names, which is what `Op<Id>` describes.
 */
export function contractHandlers(...groups: readonly Handlers[]): Record<string, OperationHandler> {
  return Object.assign({}, ...groups) as Record<string, OperationHandler>;
}
