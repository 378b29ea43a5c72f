import { itemKey } from "../platform/db/entities/shapes";
import { defineEntity } from "../platform/db/entity";
import { type EntityOf, entitySchema } from "../platform/db/entity-schema";

/** One item: when the pages last went stale, what the running or last publish covered, and how it ended. */
export const sitePublishSchema = entitySchema({
  model: { entity: "site_publish", version: "1", service: "shop" },
  attributes: {
    site: { type: "string", required: true },
    requested_at: { type: "string" },
    reason: { type: "string" },
    covered_at: { type: "string" },
    started_at: { type: "string" },
    started_covers: { type: "string" },
    published_at: { type: "string" },
    failed_at: { type: "string" },
    error: { type: "string" },
  },
  indexes: {
    bySite: itemKey("site"),
  },
});
export type SitePublishEntity = EntityOf<typeof sitePublishSchema>;
export const sitePublishEntity = defineEntity(sitePublishSchema);
