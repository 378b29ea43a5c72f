import { type TrackingRun, trackParcels } from "../../shipping/tracking";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

export const handler = settlingBackgroundSends(async (): Promise<TrackingRun> => trackParcels(depsFromEnv()));
