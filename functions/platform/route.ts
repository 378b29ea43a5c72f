import type { Handler, Hono, MiddlewareHandler } from "hono";
import type * as z from "zod";
import type { Operation } from "./contract";
import type { AppEnv } from "./env";
import { validate } from "./middleware/validate";
import { honoPath, mountOf } from "./mount";

export { routesAt } from "./mount";

// biome-ignore lint/complexity/noBannedTypes: Hono's inputs are objects, {} is "no input".
type Empty = {};

/** What the contract's validators give the handler: `c.req.valid("param" | "query" | "json")`, typed. */
type Valid<O extends Operation> = (O extends { params: infer P extends z.ZodType }
  ? { param: z.output<P> }
  : Empty) &
  (O extends { query: infer Q extends z.ZodType } ? { query: z.output<Q> } : Empty) &
  (O extends { bodyReadByHandler: true }
    ? Empty
    : O extends { body: infer B extends z.ZodType }
      ? { json: z.output<B> }
      : Empty);

type Middleware = MiddlewareHandler<AppEnv>;

/** The module's middleware runs before the contract's validators: a route validates with the document's schemas. */
export function route<O extends Operation>(
  app: Hono<AppEnv>,
  operation: O,
  ...handlers: [...Middleware[], Handler<AppEnv, string, { out: Valid<O> }>]
): void {
  const mount = mountOf(app);
  if (mount === undefined)
    throw new Error(`${operation.path}: its route module was not created by routesAt()`);
  const validators: MiddlewareHandler[] = [];
  if (operation.params) validators.push(validate("param", operation.params));
  if (operation.query) validators.push(validate("query", operation.query));
  if (operation.body && !operation.bodyReadByHandler) validators.push(validate("json", operation.body));
  const middleware = handlers.slice(0, -1) as MiddlewareHandler[];
  const handler = handlers.at(-1) as MiddlewareHandler;
  const on = app.on as (method: string, path: string, ...handlers: MiddlewareHandler[]) => unknown;
  on.call(
    app,
    operation.method.toUpperCase(),
    honoPath(mount, operation.path),
    ...middleware,
    ...validators,
    handler,
  );
}
