import type { Hono } from "hono";
import { type AnswerObserver, createApp } from "../platform/app";
import type { Deps } from "../platform/deps";
import type { AppEnv } from "../platform/env";
import { routeModules } from "./modules";

export function createFullApp(deps: () => Deps, answered?: AnswerObserver): Hono<AppEnv> {
  return createApp(routeModules, deps, { answered });
}
