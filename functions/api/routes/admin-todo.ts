import { Hono } from "hono";
import { currentOwnerTodo } from "../../services/owner-todo";
import type { AppEnv } from "../env";

/** The owner's to-do list at the top of the dashboard (issue 19); mounted under /api/admin behind its guard. */
export const adminTodoRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await currentOwnerTodo(c.var.deps)),
);
