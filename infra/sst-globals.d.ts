/**
 * The few SST globals `infra/*.ts` use, typed after SST 4.17.1's own declarations (the platform source embedded in
 * the `sst` binary). Why a hand-written subset: SST's real types are generated into `.sst/platform/config.d.ts` by
 * `sst install`, which needs the network and is never committed, so `tsc` and CI could not check the infra code.
 *
 * The real types and this file never meet in one program: only `sst.config.ts` references `.sst/platform/config.d.ts`,
 * and `tsconfig.json` excludes `sst.config.ts` (that reference does not resolve before `sst install`); the tests load
 * it without a static import. So `tsc` checks `infra/*.ts` against this file, while `sst deploy` and an editor opened
 * on `sst.config.ts` use SST's real types. Add a member here, copied from SST's types, before using it in infra code.
 */

declare namespace $util {
  /** Pulumi's Output: a value known once the resource exists. */
  interface Output<T> {
    apply<U>(transform: (value: T) => U | Output<U> | Promise<U>): Output<U>;
  }
  type Input<T> = T | Promise<T> | Output<T>;
  /** Pulumi's `output`: an Input as an Output (a plain value or a promise becomes one, an Output stays itself). */
  function output<T>(value: Input<T>): Output<T>;

  /** Pulumi's assets: `new $util.asset.FileAsset(path)` uploads the file's bytes (e.g. `aws.s3.BucketObjectv2`). */
  namespace asset {
    class FileAsset {
      constructor(path: string);
      readonly path: string;
    }
  }
}

type SstSize = `${number} MB` | `${number} GB`;
type SstDuration = `${number} ${"second" | "seconds" | "minute" | "minutes"}`;

/** `app(input)` of `sst.config.ts`. */
interface SstApp {
  name: string;
  home: "aws" | "cloudflare" | "local";
  removal?: "remove" | "retain" | "retain-all";
  protect?: boolean;
  providers?: Record<string, unknown>;
}

interface SstConfig {
  app(input: { stage: string }): SstApp | Promise<SstApp>;
  run(): Promise<Record<string, unknown> | undefined>;
}

declare function $config(config: SstConfig): SstConfig;

/**
 * SST's `$transform(resource, cb)`: for a Pulumi resource class (not an SST component) a stack transformation that
 * calls `cb(args, opts, name)` on every resource of that type constructed afterwards, its args editable in place.
 * Pulumi copies the stack's transformations into a component when the component is constructed, so the children of a
 * component constructed before the call are not transformed.
 */
declare function $transform<Args, Options>(
  resource: new (name: string, args: Args, opts?: Options) => unknown,
  cb: (args: Args, opts: Options, name: string) => void,
): void;

/** The app being deployed: its name and stage (`sst deploy --stage <stage>`). */
declare const $app: {
  readonly name: string;
  readonly stage: string;
  readonly removal: "remove" | "retain" | "retain-all";
  readonly protect: boolean;
  readonly providers: Record<string, unknown> | undefined;
};

/** True under `sst dev`. */
declare const $dev: boolean;

/** What the CLI tells the program: `paths.root` is the app's folder, `paths.work` its `.sst` working folder. */
declare const $cli: {
  readonly paths: {
    readonly root: string;
    readonly work: string;
    readonly home: string;
    readonly platform: string;
  };
};

/** SST's `Transform<T>`: args merged over the component's defaults, or a function that edits them. */
type SstTransform<T> = Partial<T> | ((args: T, opts: unknown, name: string) => undefined);

/** Any component `link` accepts (gives the function IAM access and `Resource.<Name>` at runtime). */
interface SstLinkable {
  readonly urn: $util.Output<string>;
}

declare namespace sst.aws {
  interface DynamoArgs {
    fields: $util.Input<Record<string, "string" | "number" | "binary">>;
    primaryIndex: $util.Input<{ hashKey: $util.Input<string>; rangeKey?: $util.Input<string> }>;
    globalIndexes?: $util.Input<
      Record<
        string,
        $util.Input<{
          hashKey: $util.Input<string | string[]>;
          rangeKey?: $util.Input<string | string[]>;
          projection?: $util.Input<"all" | "keys-only" | $util.Input<string>[]>;
        }>
      >
    >;
    stream?: $util.Input<"keys-only" | "new-image" | "old-image" | "new-and-old-images">;
    ttl?: $util.Input<string>;
    deletionProtection?: $util.Input<boolean>;
    transform?: {
      /** Arguments of Pulumi's `aws.dynamodb.Table`; only the ones we set are typed. */
      table?: SstTransform<{
        pointInTimeRecovery?: $util.Input<{ enabled: $util.Input<boolean> }>;
        deletionProtectionEnabled?: $util.Input<boolean>;
      }>;
    };
  }

  class Dynamo implements SstLinkable {
    constructor(name: string, args: DynamoArgs);
    readonly urn: $util.Output<string>;
    readonly name: $util.Output<string>;
    readonly arn: $util.Output<string>;
  }

  interface FunctionArgs {
    handler: $util.Input<string>;
    runtime?: $util.Input<"nodejs20.x" | "nodejs22.x" | "nodejs24.x">;
    architecture?: $util.Input<"x86_64" | "arm64">;
    memory?: $util.Input<SstSize>;
    timeout?: $util.Input<SstDuration>;
    description?: $util.Input<string>;
    environment?: $util.Input<Record<string, $util.Input<string>>>;
    link?: $util.Input<SstLinkable[]>;
    /** IAM statements added to the function's role, besides what `link` grants. */
    permissions?: $util.Input<FunctionPermissionArgs[]>;
    url?: $util.Input<boolean | { authorization?: $util.Input<"none" | "iam">; cors?: $util.Input<boolean> }>;
    /** `reserved`: Lambda's reserved concurrency, both the function's share of the account's pool and its cap. */
    concurrency?: $util.Input<{ reserved?: $util.Input<number> }>;
    nodejs?: $util.Input<{
      /** esbuild options; `external` is added to SST's own (sharp, pg-native); `define` replaces global constants. */
      esbuild?: $util.Input<{ external?: string[]; define?: Record<string, string> }>;
      /** Packages installed into the function's node_modules for its platform instead of bundled (native ones). */
      install?: string[];
      minify?: $util.Input<boolean>;
      format?: $util.Input<"cjs" | "esm">;
    }>;
    /**
     * Lambda's retries of an asynchronous invocation (0 to 2; AWS's default 2). When set, SST declares the function's
     * `aws.lambda.FunctionEventInvokeConfig`, which `transform.eventInvokeConfig` completes.
     */
    retries?: $util.Input<number>;
    transform?: {
      /** Arguments of Pulumi's `aws.lambda.FunctionEventInvokeConfig`, as far as infra/ sets them. */
      eventInvokeConfig?: SstTransform<{
        maximumEventAgeInSeconds?: $util.Input<number>;
        maximumRetryAttempts?: $util.Input<number>;
        destinationConfig?: $util.Input<{
          onFailure?: $util.Input<{ destination: $util.Input<string> }>;
          onSuccess?: $util.Input<{ destination: $util.Input<string> }>;
        }>;
      }>;
    };
  }

  // biome-ignore lint/suspicious/noShadowRestrictedNames: SST names its component sst.aws.Function.
  class Function implements SstLinkable {
    constructor(name: string, args: FunctionArgs);
    readonly urn: $util.Output<string>;
    readonly name: $util.Output<string>;
    /** The function URL (with a trailing slash); throws at deploy time unless `url` is enabled. */
    readonly url: $util.Output<string>;
    readonly arn: $util.Output<string>;
    readonly nodes: {
      /** The IAM role the function runs as (SST creates one per function unless `role` is given). */
      readonly role: aws.iam.Role;
      /** `/aws/lambda/<function name>`, created by SST unless `logging.logGroup` names another. */
      readonly logGroup: $util.Output<aws.cloudwatch.LogGroup | undefined>;
    };
  }

  interface FunctionPermissionArgs {
    effect?: "allow" | "deny";
    actions: string[];
    resources: $util.Input<$util.Input<string>[]>;
  }

  /**
   * SST's CronV2 (EventBridge Scheduler). `sst.aws.Cron` (an EventBridge rule, UTC only) is deprecated in the
   * installed SST and deliberately not declared here.
   */
  interface CronV2Args {
    /** `rate(5 minutes)`, `cron(...)` (read in `timezone`, UTC by default) or `at(...)`. */
    schedule: $util.Input<`rate(${string})` | `cron(${string})` | `at(${string})`>;
    /** The function: its arguments, an existing Function, or a function ARN. */
    function?: $util.Input<string | FunctionArgs | Function>;
    /** An IANA time zone; EventBridge Scheduler handles the clock changes. */
    timezone?: $util.Input<string>;
    enabled?: $util.Input<boolean>;
    /** Attempts to deliver an invocation after the first (0 to 185; SST's default 0). */
    retries?: $util.Input<number>;
    /** The ARN of an SQS queue the events go to once the delivery retries are exhausted. */
    dlq?: $util.Input<string>;
  }

  /** A schedule on Amazon EventBridge Scheduler invoking a function (asynchronously), through a role of its own. */
  class CronV2 {
    constructor(name: string, args: CronV2Args);
    readonly urn: $util.Output<string>;
  }

  interface EdgeInjection {
    injection: $util.Input<string>;
    kvStore?: $util.Input<string>;
  }

  /** Arguments of SST's Cdn (Pulumi's `aws.cloudfront.Distribution`), as far as infra/ changes them. */
  interface CdnArgs {
    defaultCacheBehavior: $util.Input<CdnCacheBehavior>;
    /** Behaviours for path patterns (`/api/products*`), tried in order before the default one. */
    orderedCacheBehaviors?: $util.Input<$util.Input<CdnCacheBehavior & { pathPattern: string }>[]>;
  }

  /** One cache behaviour of the distribution (Pulumi's `DistributionDefaultCacheBehavior`), as far as infra/ sets it. */
  interface CdnCacheBehavior {
    targetOriginId?: $util.Input<string>;
    /** What CloudFront keeps and under which key (`aws.cloudfront.CachePolicy`). */
    cachePolicyId?: $util.Input<string>;
    /** Headers CloudFront adds to every answer of the behaviour (`aws.cloudfront.ResponseHeadersPolicy`). */
    responseHeadersPolicyId?: $util.Input<string>;
    compress?: $util.Input<boolean>;
    [other: string]: unknown;
  }

  interface RouterArgs {
    domain?: $util.Input<string | { name: $util.Input<string>; redirects?: $util.Input<string[]> }>;
    edge?: {
      viewerRequest?: $util.Input<EdgeInjection>;
      viewerResponse?: $util.Input<EdgeInjection>;
    };
    transform?: {
      cdn?: SstTransform<CdnArgs>;
    };
  }

  class Router implements SstLinkable {
    constructor(name: string, args?: RouterArgs);
    readonly urn: $util.Output<string>;
    /** The custom domain's URL when `domain` is set, else the CloudFront URL; no trailing slash. */
    readonly url: $util.Output<string>;
    /** Sends requests whose path is `pattern` or below it (`/api/products`, `/api/products/12`) to `url`. */
    route(pattern: $util.Input<string>, url: $util.Input<string>): void;
    /** Serves a bucket (with `access: "cloudfront"`) under `pattern`; the request's path is the object's key. */
    routeBucket(pattern: $util.Input<string>, bucket: Bucket): void;
    /** The ID of the Router's CloudFront distribution. */
    readonly distributionID: $util.Output<string>;
    readonly nodes: {
      /** The CDN component; `nodes.distribution` is Pulumi's `aws.cloudfront.Distribution`. */
      readonly cdn: $util.Output<{
        readonly nodes: {
          readonly distribution: $util.Output<{ readonly id: string; readonly arn: string }>;
        };
      }>;
    };
  }

  interface StaticSiteFileOptions {
    files: string | string[];
    ignore?: string | string[];
    cacheControl?: string;
    contentType?: string;
  }

  interface StaticSiteArgs {
    path?: $util.Input<string>;
    build?: $util.Input<{ command: $util.Input<string>; output: $util.Input<string> }>;
    environment?: $util.Input<Record<string, $util.Input<string>>>;
    indexPage?: string;
    errorPage?: $util.Input<string>;
    dev?: false | { command?: $util.Input<string>; url?: $util.Input<string> };
    router?: { instance: $util.Input<Router>; path?: $util.Input<string>; domain?: $util.Input<string> };
    assets?: { fileOptions?: $util.Input<StaticSiteFileOptions[]> };
    transform?: {
      /** Arguments of the site's own `sst.aws.Bucket` (SST gives it `access: "cloudfront"`). */
      assets?: SstTransform<BucketArgs>;
    };
  }

  class StaticSite implements SstLinkable {
    constructor(name: string, args?: StaticSiteArgs);
    readonly urn: $util.Output<string>;
    readonly url: $util.Output<string>;
    readonly nodes: {
      /** The bucket the site's files are uploaded to (undefined when `assets.bucket` names an existing one). */
      readonly assets: Bucket | undefined;
    };
  }

  interface BucketArgs {
    /** Who may read the objects: nobody but the account by default. */
    access?: $util.Input<"public" | "cloudfront">;
    /** The bucket's CORS rules; `false`: none (SST's default allows every origin). */
    cors?: $util.Input<false | { allowOrigins?: string[]; allowMethods?: string[] }>;
    /** Keeps every version of an object (SST's default: false, no versioning resource). */
    versioning?: $util.Input<boolean>;
    /** Statements added to SST's bucket policy; `paths` are object keys below the bucket ("*": every object). */
    policy?: $util.Input<
      {
        effect?: "allow" | "deny";
        principals: "*" | { type: "aws" | "service" | "federated" | "canonical"; identifiers: string[] }[];
        actions: string[];
        paths?: string[];
        conditions?: { test: string; variable: string; values: $util.Input<string>[] }[];
      }[]
    >;
    transform?: {
      /**
       * Arguments of Pulumi's `aws.s3.Bucket`, as far as infra/ sets them. `forceDestroy` (SST's default: true) lets
       * Pulumi empty the bucket to delete it; false, S3 refuses to delete a bucket that holds objects.
       */
      bucket?: SstTransform<{ forceDestroy?: $util.Input<boolean> }>;
    };
  }

  class Bucket implements SstLinkable {
    constructor(name: string, args?: BucketArgs);
    readonly urn: $util.Output<string>;
    readonly name: $util.Output<string>;
    readonly arn: $util.Output<string>;
  }

  type SstDurationMinutes = `${number} ${"second" | "seconds" | "minute" | "minutes"}`;

  interface QueueArgs {
    /** How long a received message stays invisible before it comes back (at least the subscriber's timeout). */
    visibilityTimeout?: $util.Input<SstDurationMinutes | `${number} ${"hour" | "hours"}`>;
    delay?: $util.Input<SstDurationMinutes>;
    /**
     * The dead-letter queue (its ARN), and after how many receives a message moves there (the redrive policy's
     * maxReceiveCount; SST's default 3).
     */
    dlq?: $util.Input<string | { queue: $util.Input<string>; retry: $util.Input<number> }>;
    transform?: {
      /** Arguments of Pulumi's `aws.sqs.Queue`, as far as infra/ sets them. */
      queue?: SstTransform<{ messageRetentionSeconds?: $util.Input<number> }>;
    };
  }

  interface QueueSubscriberArgs {
    batch?: $util.Input<{
      size?: $util.Input<number>;
      /** How long the event source waits to fill a batch before it invokes the subscriber (0 to 5 minutes). */
      window?: $util.Input<SstDurationMinutes>;
      /** The subscriber returns `batchItemFailures`: only those messages come back to the queue. */
      partialResponses?: $util.Input<boolean>;
    }>;
    transform?: {
      /** Arguments of Pulumi's `aws.lambda.EventSourceMapping`, as far as infra/ sets them. */
      eventSourceMapping?: SstTransform<{
        /** At most this many concurrent invocations from this queue (2 to 1000). */
        scalingConfig?: $util.Input<{ maximumConcurrency?: $util.Input<number> }>;
      }>;
    };
  }

  /** An SQS standard queue. Linking it grants `sqs:*` on it; use `permissions` for less. */
  class Queue implements SstLinkable {
    constructor(name: string, args?: QueueArgs);
    readonly urn: $util.Output<string>;
    readonly url: $util.Output<string>;
    readonly arn: $util.Output<string>;
    /** The one subscriber: a function SST creates, allowed to receive and delete the queue's messages. */
    subscribe(
      subscriber: $util.Input<string | FunctionArgs>,
      args?: QueueSubscriberArgs,
    ): $util.Output<unknown>;
  }

  interface EmailArgs {
    /** An address (verified by a link SES mails to it) or a domain (verified through DNS). */
    sender: $util.Input<string>;
    /** Event destinations of the identity's configuration set (one `sesv2.ConfigurationSetEventDestination` each). */
    events?: $util.Input<
      {
        name: $util.Input<string>;
        types: $util.Input<
          (
            | "send"
            | "reject"
            | "bounce"
            | "complaint"
            | "delivery"
            | "delivery-delay"
            | "rendering-failure"
            | "subscription"
            | "open"
            | "click"
          )[]
        >;
        topic?: $util.Input<string>;
        bus?: $util.Input<string>;
      }[]
    >;
  }

  class Email implements SstLinkable {
    constructor(name: string, args: EmailArgs);
    readonly urn: $util.Output<string>;
    readonly sender: $util.Output<string>;
    readonly configSet: $util.Output<string>;
    readonly nodes: {
      /** Pulumi's `aws.sesv2.EmailIdentity`: the address or domain the shop sends from. */
      readonly identity: { readonly arn: $util.Output<string> };
      /** Pulumi's `aws.sesv2.ConfigurationSet` SST gives the identity. */
      readonly configurationSet: { readonly arn: $util.Output<string> };
    };
  }

  /** An SNS standard topic. Linking it grants `sns:*` on it. */
  class SnsTopic implements SstLinkable {
    constructor(name: string, args?: Record<string, never>);
    readonly urn: $util.Output<string>;
    readonly arn: $util.Output<string>;
    readonly name: $util.Output<string>;
    /** A Lambda subscriber named `name`: a function SST creates from its arguments, or an existing one by ARN. */
    subscribe(name: string, subscriber: $util.Input<string | FunctionArgs>): $util.Output<unknown>;
  }
}

/**
 * The few Pulumi AWS (7.20.0, the version SST 4.17.1 ships) resources `infra/publish.ts` declares directly, typed
 * after `@pulumi/aws`'s own declarations; SST exposes the provider as the global `aws`.
 */
/** Pulumi's `random` provider (`providers: { random: true }` in sst.config.ts), as far as infra/ uses it. */
declare namespace random {
  /** A random string made once, kept in the stage's state, and marked secret in Pulumi's outputs. */
  class RandomPassword {
    constructor(name: string, args: { length: $util.Input<number>; special?: $util.Input<boolean> });
    readonly result: $util.Output<string>;
  }
}

declare namespace aws {
  interface ResourceOptions {
    dependsOn?: unknown[];
  }

  /** The account and identity `sst deploy` runs as (Pulumi's `aws.getCallerIdentityOutput`). */
  function getCallerIdentityOutput(
    args?: Record<string, never>,
  ): $util.Output<{ accountId: string; arn: string; userId: string }>;

  /** AWS KMS: the PayPal secret's key (infra/secrets.ts). */
  namespace kms {
    class Key {
      constructor(
        name: string,
        args: {
          description?: $util.Input<string>;
          enableKeyRotation?: $util.Input<boolean>;
          /** 7 to 30 days between the deletion request and the key's deletion. */
          deletionWindowInDays?: $util.Input<number>;
          /** The key policy, a JSON document. */
          policy?: $util.Input<string>;
        },
        opts?: ResourceOptions,
      );
      readonly arn: $util.Output<string>;
      readonly keyId: $util.Output<string>;
    }
    class Alias {
      constructor(
        name: string,
        args: { name?: $util.Input<string>; targetKeyId: $util.Input<string> },
        opts?: ResourceOptions,
      );
      readonly arn: $util.Output<string>;
    }
    interface GrantConstraint {
      encryptionContextEquals?: $util.Input<Record<string, $util.Input<string>>>;
      encryptionContextSubset?: $util.Input<Record<string, $util.Input<string>>>;
    }
    /** Lets one principal use a key for the listed operations (AWS KMS Developer Guide, "Grants in AWS KMS"). */
    class Grant {
      constructor(
        name: string,
        args: {
          name?: $util.Input<string>;
          keyId: $util.Input<string>;
          granteePrincipal: $util.Input<string>;
          operations: $util.Input<$util.Input<string>[]>;
          constraints?: $util.Input<$util.Input<GrantConstraint>[]>;
          retireOnDelete?: $util.Input<boolean>;
        },
        opts?: ResourceOptions,
      );
      readonly grantId: $util.Output<string>;
    }
  }

  namespace cloudfront {
    interface ResponseHeadersPolicyArgs {
      name?: $util.Input<string>;
      comment?: $util.Input<string>;
      securityHeadersConfig?: $util.Input<{
        contentTypeOptions?: $util.Input<{ override: $util.Input<boolean> }>;
        frameOptions?: $util.Input<{
          frameOption: $util.Input<"DENY" | "SAMEORIGIN">;
          override: $util.Input<boolean>;
        }>;
        referrerPolicy?: $util.Input<{ referrerPolicy: $util.Input<string>; override: $util.Input<boolean> }>;
        strictTransportSecurity?: $util.Input<{
          accessControlMaxAgeSec: $util.Input<number>;
          includeSubdomains?: $util.Input<boolean>;
          preload?: $util.Input<boolean>;
          override: $util.Input<boolean>;
        }>;
      }>;
      customHeadersConfig?: $util.Input<{
        items: $util.Input<
          $util.Input<{
            header: $util.Input<string>;
            value: $util.Input<string>;
            override: $util.Input<boolean>;
          }>[]
        >;
      }>;
    }
    interface CachePolicyArgs {
      name?: $util.Input<string>;
      comment?: $util.Input<string>;
      minTtl?: $util.Input<number>;
      defaultTtl?: $util.Input<number>;
      maxTtl?: $util.Input<number>;
      parametersInCacheKeyAndForwardedToOrigin: $util.Input<{
        cookiesConfig: $util.Input<{
          cookieBehavior: $util.Input<"none" | "whitelist" | "allExcept" | "all">;
        }>;
        headersConfig: $util.Input<{ headerBehavior: $util.Input<"none" | "whitelist"> }>;
        queryStringsConfig: $util.Input<{
          queryStringBehavior: $util.Input<"none" | "whitelist" | "allExcept" | "all">;
        }>;
        enableAcceptEncodingBrotli?: $util.Input<boolean>;
        enableAcceptEncodingGzip?: $util.Input<boolean>;
      }>;
    }
    /** What the cache behaviours that name it keep, for how long (bounds on the origin's Cache-Control), and the key. */
    class CachePolicy {
      constructor(name: string, args: CachePolicyArgs, opts?: ResourceOptions);
      readonly id: $util.Output<string>;
      readonly name: $util.Output<string>;
    }
    /** Headers CloudFront adds to the answers of the cache behaviours that name it. */
    class ResponseHeadersPolicy {
      constructor(name: string, args: ResponseHeadersPolicyArgs, opts?: ResourceOptions);
      readonly id: $util.Output<string>;
      readonly name: $util.Output<string>;
    }
    interface KeyValueStoreArgs {
      /** 1 to 64 characters, `[a-zA-Z0-9-_]`. */
      name?: $util.Input<string>;
      comment?: $util.Input<string>;
    }
    /** A CloudFront KeyValueStore: keys CloudFront Functions read at the edge (cf.kvs()). */
    class KeyValueStore {
      constructor(name: string, args?: KeyValueStoreArgs, opts?: ResourceOptions);
      readonly arn: $util.Output<string>;
      readonly name: $util.Output<string>;
    }
    interface KeyvaluestoreKeyArgs {
      keyValueStoreArn: $util.Input<string>;
      key: $util.Input<string>;
      value: $util.Input<string>;
    }
    /** One key of a KeyValueStore. */
    class KeyvaluestoreKey {
      constructor(name: string, args: KeyvaluestoreKeyArgs, opts?: ResourceOptions);
      readonly key: $util.Output<string>;
    }
    interface FunctionArgs {
      runtime: $util.Input<"cloudfront-js-1.0" | "cloudfront-js-2.0">;
      /** The function's source, at most 10 KB ("Quotas on CloudFront Functions"). */
      code: $util.Input<string>;
      comment?: $util.Input<string>;
      name?: $util.Input<string>;
      publish?: $util.Input<boolean>;
      keyValueStoreAssociations?: $util.Input<$util.Input<string>[]>;
    }
    /**
     * A CloudFront function. infra/ declares none itself: SST's Router does (`<router>CloudfrontFunctionRequest`,
     * `<router>CloudfrontFunctionResponse`); the class is named in `$transform` (web.ts).
     */
    // biome-ignore lint/suspicious/noShadowRestrictedNames: Pulumi names its resource aws.cloudfront.Function.
    class Function {
      constructor(name: string, args: FunctionArgs, opts?: ResourceOptions);
      readonly arn: $util.Output<string>;
      readonly name: $util.Output<string>;
    }
  }

  namespace iam {
    interface PolicyStatement {
      Effect: "Allow" | "Deny";
      Action?: $util.Input<string | $util.Input<string>[]>;
      Resource?: $util.Input<string | $util.Input<string>[]>;
      Principal?: $util.Input<string | { Service: $util.Input<string | $util.Input<string>[]> }>;
      Condition?: $util.Input<Record<string, Record<string, $util.Input<string | string[]>>>>;
    }
    interface PolicyDocument {
      Version: "2012-10-17";
      Statement: $util.Input<$util.Input<PolicyStatement>[]>;
    }
    class Role {
      constructor(
        name: string,
        args: { assumeRolePolicy: $util.Input<string | PolicyDocument>; description?: $util.Input<string> },
        opts?: ResourceOptions,
      );
      readonly name: $util.Output<string>;
      readonly arn: $util.Output<string>;
    }
    class RolePolicy {
      constructor(
        name: string,
        args: { role: $util.Input<string>; policy: $util.Input<string | PolicyDocument> },
        opts?: ResourceOptions,
      );
    }
  }

  namespace s3 {
    class BucketObjectv2 {
      constructor(
        name: string,
        args: {
          bucket: $util.Input<string>;
          key?: $util.Input<string>;
          source?: $util.Input<$util.asset.FileAsset>;
          contentType?: $util.Input<string>;
        },
        opts?: ResourceOptions,
      );
      readonly key: $util.Output<string>;
    }
  }

  namespace sns {
    class TopicPolicy {
      constructor(
        name: string,
        args: { arn: $util.Input<string>; policy: $util.Input<string | iam.PolicyDocument> },
        opts?: ResourceOptions,
      );
    }
    class TopicSubscription {
      constructor(
        name: string,
        args: {
          topic: $util.Input<string>;
          protocol: $util.Input<"email" | "email-json" | "lambda" | "sqs" | "https">;
          endpoint: $util.Input<string>;
        },
        opts?: ResourceOptions,
      );
    }
  }

  namespace cloudwatch {
    interface MetricAlarmArgs {
      /** The alarm's name (unique in the account and region). */
      name?: $util.Input<string>;
      alarmDescription?: $util.Input<string>;
      namespace: $util.Input<string>;
      metricName: $util.Input<string>;
      dimensions?: $util.Input<Record<string, $util.Input<string>>>;
      statistic: $util.Input<"SampleCount" | "Average" | "Sum" | "Minimum" | "Maximum">;
      /** Seconds. */
      period: $util.Input<number>;
      evaluationPeriods: $util.Input<number>;
      comparisonOperator: $util.Input<
        | "GreaterThanOrEqualToThreshold"
        | "GreaterThanThreshold"
        | "LessThanThreshold"
        | "LessThanOrEqualToThreshold"
      >;
      threshold: $util.Input<number>;
      treatMissingData?: $util.Input<"missing" | "ignore" | "breaching" | "notBreaching">;
      alarmActions?: $util.Input<$util.Input<string>[]>;
      okActions?: $util.Input<$util.Input<string>[]>;
    }
    class MetricAlarm {
      constructor(name: string, args: MetricAlarmArgs, opts?: ResourceOptions);
      readonly name: $util.Output<string>;
      readonly arn: $util.Output<string>;
    }
    class LogGroup {
      constructor(
        name: string,
        args: { name?: $util.Input<string>; retentionInDays?: $util.Input<number> },
        opts?: ResourceOptions,
      );
      readonly name: $util.Output<string>;
      /** Without the `:*` suffix. */
      readonly arn: $util.Output<string>;
    }
    class LogMetricFilter {
      constructor(
        name: string,
        args: {
          logGroupName: $util.Input<string>;
          pattern: $util.Input<string>;
          metricTransformation: $util.Input<{
            name: $util.Input<string>;
            namespace: $util.Input<string>;
            value: $util.Input<string>;
            /** Emitted for each log event the pattern does not match. */
            defaultValue?: $util.Input<string>;
            unit?: $util.Input<string>;
          }>;
        },
        opts?: ResourceOptions,
      );
      readonly name: $util.Output<string>;
    }
    class EventRule {
      constructor(
        name: string,
        args: { description?: $util.Input<string>; eventPattern?: $util.Input<string> },
        opts?: ResourceOptions,
      );
      readonly name: $util.Output<string>;
      readonly arn: $util.Output<string>;
    }
    class EventTarget {
      constructor(
        name: string,
        args: { rule: $util.Input<string>; arn: $util.Input<string> },
        opts?: ResourceOptions,
      );
    }
  }

  /** Systems Manager Parameter Store: the edge key for the publish build (infra/publish.ts). */
  namespace ssm {
    class Parameter {
      constructor(
        name: string,
        args: {
          name?: $util.Input<string>;
          description?: $util.Input<string>;
          /** SecureString: encrypted with `keyId`, or the AWS managed key aws/ssm by default. */
          type: $util.Input<"String" | "StringList" | "SecureString">;
          value: $util.Input<string>;
        },
        opts?: ResourceOptions,
      );
      readonly arn: $util.Output<string>;
      readonly name: $util.Output<string>;
    }
  }

  namespace lambda {
    class Permission {
      constructor(
        name: string,
        args: {
          action: $util.Input<string>;
          function: $util.Input<string>;
          principal: $util.Input<string>;
          sourceArn?: $util.Input<string>;
        },
        opts?: ResourceOptions,
      );
    }
  }

  namespace codebuild {
    interface ProjectEnvironmentVariable {
      name: $util.Input<string>;
      value: $util.Input<string>;
      type?: $util.Input<"PLAINTEXT" | "PARAMETER_STORE" | "SECRETS_MANAGER">;
    }
    interface ProjectArgs {
      description?: $util.Input<string>;
      serviceRole: $util.Input<string>;
      source: $util.Input<{
        type: $util.Input<string>;
        location?: $util.Input<string>;
        buildspec?: $util.Input<string>;
      }>;
      artifacts: $util.Input<{ type: $util.Input<string> }>;
      environment: $util.Input<{
        type: $util.Input<string>;
        computeType: $util.Input<string>;
        image: $util.Input<string>;
        environmentVariables?: $util.Input<$util.Input<ProjectEnvironmentVariable>[]>;
      }>;
      /** Minutes, 5 to 2160. */
      buildTimeout?: $util.Input<number>;
      /** Minutes, 5 to 480. */
      queuedTimeout?: $util.Input<number>;
      concurrentBuildLimit?: $util.Input<number>;
      /** Kept between builds: `S3` (`location` is "<bucket>/<prefix>") or `LOCAL`. */
      cache?: $util.Input<{ type: $util.Input<"NO_CACHE" | "S3" | "LOCAL">; location?: $util.Input<string> }>;
      logsConfig?: $util.Input<{
        cloudwatchLogs?: $util.Input<{ groupName?: $util.Input<string>; status?: $util.Input<string> }>;
      }>;
    }
    class Project {
      constructor(name: string, args: ProjectArgs, opts?: ResourceOptions);
      readonly name: $util.Output<string>;
      readonly arn: $util.Output<string>;
    }
  }
}
