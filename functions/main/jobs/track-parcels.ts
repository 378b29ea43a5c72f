import { type TrackingRun, trackParcels } from "../../shipping/tracking";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

/**
 * Scheduled job (infra/jobs.ts; the local server runs it on a timer): La Poste's tracking of the orders shipped by
 * Colissimo, their events recorded and their delivery dated by the carrier (functions/shipping/tracking.ts).
 */
export const handler = settlingBackgroundSends(async (): Promise<TrackingRun> => trackParcels(depsFromEnv()));
