import { type BuildStateChange, buildEnded } from "../../publishing/jobs/publish-result";
import { depsFromEnv } from "../deps-from-env";

/** Target of the EventBridge rule on the publish project's final build states (infra/publish.ts). */
export const handler = (event: BuildStateChange) => buildEnded(depsFromEnv(), event);
