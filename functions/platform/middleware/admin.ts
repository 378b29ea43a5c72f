import { createMiddleware } from "hono/factory";
import { DomainError } from "../../../src/domain/errors";
import type { AppEnv } from "../env";

/** The one guard of the admin area: 401 when anonymous, 403 for a customer. Runs after withSession. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.var.auth;
  if (!auth) throw new DomainError("UNAUTHENTICATED");
  if (!auth.user.is_admin) throw new DomainError("FORBIDDEN");
  await next();
});
