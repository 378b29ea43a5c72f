import { Hono } from "hono";
import type { AppEnv } from "../platform/env";
import { route, routesAt } from "../platform/route";
import { currentOwnerTodo } from "./owner-todo";
import { adminTodoContract as contract } from "./todo-contract";

export const adminTodoRoutes = routesAt(
  { mount: "/api/admin/todo", within: "/api/admin" },
  new Hono<AppEnv>(),
);

route(adminTodoRoutes, contract.getAdminTodo, async (c) => c.json(await currentOwnerTodo(c.var.deps)));
