import { Hono } from "hono";
import { adminTodoContract as contract } from "../../admin/todo-contract";
import { currentOwnerTodo } from "../../services/owner-todo";
import type { AppEnv } from "../env";
import { route, routesAt } from "../route";

/** The owner's to-do list at the top of the dashboard (issue 19); mounted under /api/admin behind its guard. */
export const adminTodoRoutes = routesAt("/api/admin/todo", new Hono<AppEnv>());

route(adminTodoRoutes, contract.getAdminTodo, async (c) => c.json(await currentOwnerTodo(c.var.deps)));
