/**
 * What a script run through `npx sst shell --stage <stage> -- <command>` knows of the deployed stage. SST 4's shell
 * gives the command every linked component of the app as an environment variable `SST_RESOURCE_<component name>`
 * holding the component's link properties in JSON (`{"name": "savon-shop-production-TableTable-…"}` for a table,
 * `{"url": "https://sqs…"}` for a queue), and `SST_RESOURCE_App` with the app's name and stage: the variables the
 * `Resource` object of the `sst` package reads. The shop's code reads plain variables (TABLE_NAME, the publish queue's
 * URL), which the Lambdas get from infra/api.ts; this maps the one to the other, so the README's deploy commands need
 * no table name copied by hand.
 */
import { SITE_PUBLISH_QUEUE_URL } from "../functions/main/deps-from-env";

/** The components the scripts need, by the names infra/ gives them (tests/infra checks they still exist). */
export const STAGE_COMPONENTS = { table: "Table", publishQueue: "SitePublish" } as const;

const resourceVariable = (component: string) => `SST_RESOURCE_${component}`;

function linkProperty(env: NodeJS.ProcessEnv, component: string, property: string): string | undefined {
  const raw = env[resourceVariable(component)];
  if (!raw) return undefined;
  try {
    const value = (JSON.parse(raw) as Record<string, unknown>)[property];
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The stage `sst shell` runs the command for ("production"), or undefined outside `sst shell`. */
export function shellStage(env: NodeJS.ProcessEnv): string | undefined {
  return linkProperty(env, "App", "stage");
}

/**
 * `env` with TABLE_NAME and the publish queue's URL filled from `sst shell`'s variables when they are not set; a
 * variable set by hand wins (another table on purpose). Outside `sst shell`, `env` unchanged.
 */
export function withStageResources(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const table = linkProperty(env, STAGE_COMPONENTS.table, "name");
  const queue = linkProperty(env, STAGE_COMPONENTS.publishQueue, "url");
  return {
    ...env,
    ...(!env.TABLE_NAME?.trim() && table ? { TABLE_NAME: table } : {}),
    ...(!env[SITE_PUBLISH_QUEUE_URL]?.trim() && queue ? { [SITE_PUBLISH_QUEUE_URL]: queue } : {}),
  };
}
