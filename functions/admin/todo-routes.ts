import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { route, routesAt } from "../platform/route";
import { currentOwnerTodo } from "./owner-todo";
import { adminTodoContract as contract } from "./todo-contract";

/** The owner's to-do list at the top of the dashboard (issue 19); mounted under /api/admin behind its guard. */
export const adminTodoRoutes = routesAt("/api/admin/todo", new Hono<AppEnv>());

route(adminTodoRoutes, contract.getAdminTodo, async (c) => c.json(await currentOwnerTodo(c.var.deps)));
