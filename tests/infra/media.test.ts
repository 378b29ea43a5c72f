/**
 * Product photos on AWS (issue 16, decision record 019): one private bucket, read by CloudFront only through the
 * Router's /media route, written by the photos function only; the function that resizes gets sharp installed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { apiAreas } from "../../functions/main/areas";
import { MEDIA_BUCKET, MEDIA_BUCKET_PREFIX } from "../../functions/platform/adapters/media-env";
import { MEDIA_PATH, PHOTOS_API_MOUNT } from "../../src/domain/catalog/product-photos";
import { otherRights, single } from "./recorded";
import { type Deployment, deepKnown, deploy, known, restoreSstStubs } from "./sst-stubs";

afterEach(restoreSstStubs);

const devEnv = { SHOP_DOMAIN: undefined, SHOP_EMAIL_SENDER: "boutique@example.fr" };

function mediaBucket(deployment: Deployment) {
  const buckets = deployment.recording.buckets.filter(({ name }) => name === "Media");
  expect(buckets).toHaveLength(1);
  const [bucket] = buckets;
  if (!bucket) throw new Error("no media bucket");
  return bucket;
}

describe("the media bucket", () => {
  it("is private: readable by CloudFront only, no CORS", async () => {
    const deployment = await deploy("dev", devEnv);
    const bucket = mediaBucket(deployment);
    expect(known(bucket.args?.access)).toBe("cloudfront");
    expect(known(bucket.args?.cors)).toBe(false);
  });

  it("is served by the Router under /media, where the pages and the API put photos", async () => {
    const deployment = await deploy("dev", devEnv);
    expect(deployment.recording.bucketRoutes).toEqual([
      { router: "Router", pattern: MEDIA_PATH, bucket: "Media" },
    ]);
    // The object's key is the request's path without its leading slash: the adapter writes under media/.
    expect(`${MEDIA_PATH.slice(1)}/`).toBe(MEDIA_BUCKET_PREFIX);
    // /media is not an API path: the site's routes and the API's never serve it.
    expect(deployment.recording.routes.map(({ pattern }) => pattern)).not.toContain(MEDIA_PATH);
  });

  it("is written by the photos function only, which mounts the photo routes and has sharp installed", async () => {
    const deployment = await deploy("dev", devEnv);
    const bucket = mediaBucket(deployment);
    // Not linked (SST's link grants s3:* on the bucket, its policy included): objects put and deleted, under the
    // photos' prefix, by the photos function alone.
    const linked = deployment.recording.functions.filter(({ args }) =>
      ((known(args.link) as unknown[] | undefined) ?? []).includes(bucket.instance),
    );
    expect(linked).toEqual([]);
    const arn = String(known(bucket.instance.arn));
    const rightsOn = deployment.recording.functions
      .map(({ name, args }) => ({
        name,
        rights: otherRights(args.permissions).filter(({ resources }) =>
          (resources as string[]).some((resource) => resource.startsWith(arn)),
        ),
      }))
      .filter(({ rights }) => rights.length > 0);
    expect(rightsOn).toEqual([
      {
        name: "ApiPhotos",
        rights: [
          {
            actions: ["s3:PutObject", "s3:DeleteObject"],
            resources: [`${arn}/${MEDIA_BUCKET_PREFIX}products/*`],
          },
        ],
      },
    ]);
    const photos = single(
      deployment.recording.functions.filter(({ name }) => name === "ApiPhotos"),
      "photos function",
    );
    expect(deepKnown(photos?.args.environment)).toMatchObject({
      [MEDIA_BUCKET]: known(bucket.instance.name),
    });
    expect(deepKnown(photos?.args.nodejs)).toMatchObject({ install: ["sharp"] });
    expect(apiAreas.find(({ name }) => name === "photos")?.mounts).toEqual([PHOTOS_API_MOUNT]);
    // No other function is told where the bucket is.
    const told = deployment.recording.functions.filter(
      ({ args }) => (deepKnown(args.environment) as Record<string, string> | undefined)?.[MEDIA_BUCKET],
    );
    expect(told.map(({ name }) => name)).toEqual(["ApiPhotos"]);
  });
});
