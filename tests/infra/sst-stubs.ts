/**
 * SST's globals as small recorders, so `sst.config.ts` and `infra/*.ts` can run in a unit test: `sst deploy` cannot
 * run here. Each component records its name and arguments; Outputs are plain known values. Only what the infra code
 * uses is stubbed (see infra/sst-globals.d.ts); anything else fails loudly as "not a function/constructor".
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { vi } from "vitest";

const repositoryRoot = resolve(import.meta.dirname, "../..");
/** `$cli.paths.work` of the stubbed deploys (SST's `.sst`): files a deploy writes land here, not in the repo. */
export const sstWorkDir = mkdtempSync(join(tmpdir(), "sst-work-"));

/** An Output whose value is already known. */
export class KnownOutput<T> implements $util.Output<T> {
  constructor(readonly value: T) {}

  apply<U>(transform: (value: T) => U | $util.Output<U> | Promise<U>): $util.Output<U> {
    const result = transform(this.value);
    if (result instanceof KnownOutput) return result;
    if (result instanceof Promise) throw new Error("The SST stubs do not resolve asynchronous apply()");
    return new KnownOutput(result as U);
  }
}

/** The value of an Input, as the deployed resource would see it. */
export function known<T>(input: $util.Input<T> | undefined): T | undefined {
  if (input instanceof KnownOutput) return input.value as T;
  if (input instanceof Promise) throw new Error("The SST stubs do not resolve Promise inputs");
  return input as T | undefined;
}

/** `known`, applied through objects and arrays (component instances are kept as they are). */
export function deepKnown(input: unknown): unknown {
  const value = known(input);
  if (Array.isArray(value)) return value.map(deepKnown);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepKnown(item)]));
  }
  return value;
}

export interface Recorded<Args, Instance> {
  readonly name: string;
  readonly args: Args;
  readonly instance: Instance;
}

export interface RecordedRoute {
  readonly router: string;
  readonly pattern: string;
  readonly url: string;
}

export interface RecordedSubscription {
  readonly queue: string;
  readonly subscriber: $util.Input<string | sst.aws.FunctionArgs>;
  readonly args: sst.aws.QueueSubscriberArgs | undefined;
}

/** A Pulumi resource declared directly (`aws.codebuild.Project`, ...): its type token, name, arguments, options. */
export interface RecordedResource {
  readonly type: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly opts: aws.ResourceOptions | undefined;
  readonly instance: { id: KnownOutput<string>; name: KnownOutput<string>; arn: KnownOutput<string> };
}

export interface SstRecording {
  readonly tables: Recorded<sst.aws.DynamoArgs, { arn: $util.Output<string> }>[];
  readonly functions: Recorded<
    sst.aws.FunctionArgs,
    { url: $util.Output<string>; arn: $util.Output<string>; name: $util.Output<string> }
  >[];
  readonly routers: Recorded<
    sst.aws.RouterArgs | undefined,
    {
      url: $util.Output<string>;
      distributionID: $util.Output<string>;
      /** The stack transformations its children get: those registered before it was constructed (Pulumi's copy). */
      stackTransforms: readonly RecordedTransform[];
    }
  >[];
  readonly routes: RecordedRoute[];
  /** Buckets the Router serves: pattern and the bucket's component name. */
  readonly bucketRoutes: { router: string; pattern: string; bucket: string }[];
  readonly sites: Recorded<sst.aws.StaticSiteArgs | undefined, { nodes: { assets: object | undefined } }>[];
  readonly emails: Recorded<
    sst.aws.EmailArgs,
    { nodes: { identity: { arn: $util.Output<string> }; configurationSet: { arn: $util.Output<string> } } }
  >[];
  readonly crons: Recorded<sst.aws.CronV2Args, object>[];
  readonly queues: Recorded<
    sst.aws.QueueArgs | undefined,
    { url: $util.Output<string>; arn: $util.Output<string> }
  >[];
  readonly subscriptions: RecordedSubscription[];
  readonly buckets: Recorded<
    sst.aws.BucketArgs | undefined,
    { name: $util.Output<string>; arn: $util.Output<string> }
  >[];
  readonly resources: RecordedResource[];
  readonly topics: Recorded<undefined, { arn: $util.Output<string>; name: $util.Output<string> }>[];
  readonly topicSubscriptions: RecordedTopicSubscription[];
  /** `$transform` calls on Pulumi resource types, in order (SST registers each as a Pulumi stack transformation). */
  readonly stackTransforms: RecordedTransform[];
}

/** One `$transform(resource, cb)` on a Pulumi resource class: its type token and the callback. */
export interface RecordedTransform {
  readonly type: string;
  readonly callback: (args: Record<string, unknown>, opts: Record<string, unknown>, name: string) => void;
}

/**
 * A child resource's args as Pulumi gives them to its constructor once the transformations it inherited ran: SST's
 * `$transform` calls the callback of each one of that type, which edits the args in place.
 */
export function applyStackTransforms(
  transforms: readonly RecordedTransform[],
  type: string,
  name: string,
  args: Record<string, unknown>,
): Record<string, unknown> {
  for (const transform of transforms) if (transform.type === type) transform.callback(args, {}, name);
  return args;
}

export interface RecordedTopicSubscription {
  readonly topic: string;
  readonly name: string;
  readonly subscriber: $util.Input<string | sst.aws.FunctionArgs>;
}

const region = "eu-west-3";
const account = "123456789012";

function stubComponents(app: { name: string; stage: string }, recording: SstRecording) {
  const names = new Set<string>();
  const claim = (name: string) => {
    if (names.has(name)) throw new Error(`Two components are named ${name}`);
    if (/\s/.test(name)) throw new Error(`Component names cannot contain spaces: "${name}"`);
    names.add(name);
  };
  const urn = (type: string, name: string) =>
    new KnownOutput(`urn:pulumi:${app.stage}::${app.name}::${type}::${name}`);

  class Dynamo {
    readonly urn: KnownOutput<string>;
    readonly name: KnownOutput<string>;
    readonly arn: KnownOutput<string>;
    constructor(name: string, args: sst.aws.DynamoArgs) {
      claim(name);
      this.urn = urn("sst:aws:Dynamo", name);
      this.name = new KnownOutput(`${app.name}-${app.stage}-${name}Table`);
      this.arn = new KnownOutput(`arn:aws:dynamodb:${region}:123456789012:table/${this.name.value}`);
      recording.tables.push({ name, args, instance: this });
    }
  }

  class LambdaFunction {
    readonly urn: KnownOutput<string>;
    readonly name: KnownOutput<string>;
    readonly url: KnownOutput<string>;
    readonly arn: KnownOutput<string>;
    /** As SST: one role per function, named after it with Pulumi's random suffix. */
    readonly nodes: {
      role: { name: KnownOutput<string>; arn: KnownOutput<string> };
      logGroup: KnownOutput<{ name: KnownOutput<string> }>;
    };
    constructor(name: string, args: sst.aws.FunctionArgs) {
      claim(name);
      this.urn = urn("sst:aws:Function", name);
      this.name = new KnownOutput(`${app.name}-${app.stage}-${name}Function`);
      this.url = new KnownOutput(`https://${name.toLowerCase()}-fn.lambda-url.${region}.on.aws/`);
      this.arn = new KnownOutput(`arn:aws:lambda:${region}:${account}:function:${this.name.value}`);
      const roleName = `${app.name}-${app.stage}-${name}Role-a1b2c3d`;
      this.nodes = {
        role: {
          name: new KnownOutput(roleName),
          arn: new KnownOutput(`arn:aws:iam::${account}:role/${roleName}`),
        },
        // As SST 4.17.1 without `logging.logGroup`: `/aws/lambda/<function name>`.
        logGroup: new KnownOutput({ name: new KnownOutput(`/aws/lambda/${this.name.value}`) }),
      };
      recording.functions.push({ name, args, instance: this });
    }
  }

  class Bucket {
    readonly urn: KnownOutput<string>;
    readonly name: KnownOutput<string>;
    readonly arn: KnownOutput<string>;
    constructor(name: string, args?: sst.aws.BucketArgs) {
      claim(name);
      this.urn = urn("sst:aws:Bucket", name);
      this.name = new KnownOutput(`${app.name}-${app.stage}-${name.toLowerCase()}-bucket`);
      this.arn = new KnownOutput(`arn:aws:s3:::${this.name.value}`);
      recording.buckets.push({ name, args, instance: this });
    }
  }

  class Queue {
    readonly urn: KnownOutput<string>;
    readonly url: KnownOutput<string>;
    readonly arn: KnownOutput<string>;
    private subscribed = false;
    constructor(
      readonly componentName: string,
      args?: sst.aws.QueueArgs,
    ) {
      claim(componentName);
      this.urn = urn("sst:aws:Queue", componentName);
      const queueName = `${app.name}-${app.stage}-${componentName}Queue`;
      this.url = new KnownOutput(`https://sqs.${region}.amazonaws.com/${account}/${queueName}`);
      this.arn = new KnownOutput(`arn:aws:sqs:${region}:${account}:${queueName}`);
      recording.queues.push({ name: componentName, args, instance: this });
    }

    subscribe(
      subscriber: $util.Input<string | sst.aws.FunctionArgs>,
      args?: sst.aws.QueueSubscriberArgs,
    ): KnownOutput<unknown> {
      // As SST: "An SQS Queue can only have one subscriber."
      if (this.subscribed)
        throw new Error(`Cannot subscribe to the "${this.componentName}" queue multiple times`);
      this.subscribed = true;
      recording.subscriptions.push({ queue: this.componentName, subscriber, args });
      // As SST 4.17.1: a QueueLambdaSubscriber named `<queue>Subscriber`, whose function is `nodes.function`.
      const name = `${app.name}-${app.stage}-${this.componentName}SubscriberFunction`;
      return new KnownOutput({
        nodes: { function: new KnownOutput({ name: new KnownOutput(name) }) },
      });
    }
  }

  class Router {
    readonly urn: KnownOutput<string>;
    readonly url: KnownOutput<string>;
    readonly stackTransforms: readonly RecordedTransform[];
    readonly distributionID = new KnownOutput("E2SHOPROUTER01");
    readonly nodes = {
      cdn: new KnownOutput({
        nodes: {
          distribution: new KnownOutput({
            id: "E2SHOPROUTER01",
            arn: `arn:aws:cloudfront::${account}:distribution/E2SHOPROUTER01`,
          }),
        },
      }),
    };
    constructor(
      readonly componentName: string,
      args?: sst.aws.RouterArgs,
    ) {
      claim(componentName);
      this.urn = urn("sst:aws:Router", componentName);
      const domain = known(args?.domain);
      const domainName = typeof domain === "string" ? domain : known(domain?.name);
      this.url = new KnownOutput(
        domainName ? `https://${domainName}` : "https://d111111abcdef8.cloudfront.net",
      );
      this.stackTransforms = [...recording.stackTransforms];
      recording.routers.push({ name: componentName, args, instance: this });
    }

    route(pattern: $util.Input<string>, url: $util.Input<string>): void {
      const patternValue = known(pattern);
      const urlValue = known(url);
      if (!patternValue || !urlValue) throw new Error("route() needs a pattern and a URL");
      recording.routes.push({ router: this.componentName, pattern: patternValue, url: urlValue });
    }

    routeBucket(pattern: $util.Input<string>, bucket: Bucket): void {
      const patternValue = known(pattern);
      if (!patternValue) throw new Error("routeBucket() needs a pattern");
      // As SST: CloudFront can read only a bucket that lets it.
      const served = recording.buckets.find(({ instance }) => instance === bucket);
      if (!served) throw new Error("routeBucket() needs a declared bucket");
      if (known(served.args?.access) !== "cloudfront")
        throw new Error(
          `Bucket ${served.name} is routed but not readable by CloudFront (access: "cloudfront")`,
        );
      recording.bucketRoutes.push({ router: this.componentName, pattern: patternValue, bucket: served.name });
    }
  }

  class StaticSite {
    readonly urn: KnownOutput<string>;
    readonly url: KnownOutput<string>;
    readonly nodes: { assets: Bucket };
    constructor(name: string, args?: sst.aws.StaticSiteArgs) {
      claim(name);
      this.urn = urn("sst:aws:StaticSite", name);
      // As SST 4.17.1: the site's own bucket, `${name}Assets`, readable by CloudFront only.
      const assets = args?.transform?.assets;
      const bucketArgs: sst.aws.BucketArgs = { access: "cloudfront" };
      if (typeof assets === "function") assets(bucketArgs, {}, `${name}Assets`);
      this.nodes = {
        assets: new Bucket(`${name}Assets`, { ...bucketArgs, ...(typeof assets === "object" ? assets : {}) }),
      };
      const router = known(args?.router?.instance) as unknown as Router | undefined;
      this.url = router ? router.url : new KnownOutput("https://d222222abcdef8.cloudfront.net");
      recording.sites.push({ name, args, instance: this });
    }
  }

  class CronV2 {
    readonly urn: KnownOutput<string>;
    constructor(name: string, args: sst.aws.CronV2Args) {
      claim(name);
      // As SST: a function or a task, and here only functions.
      if (!args.function)
        throw new Error(`You must provide either a function or a task in the "${name}" CronV2`);
      this.urn = urn("sst:aws:CronV2", name);
      recording.crons.push({ name, args, instance: this });
    }
  }

  class SnsTopic {
    readonly urn: KnownOutput<string>;
    readonly arn: KnownOutput<string>;
    readonly name: KnownOutput<string>;
    private readonly subscribers = new Set<string>();
    constructor(readonly componentName: string) {
      claim(componentName);
      this.urn = urn("sst:aws:SnsTopic", componentName);
      this.name = new KnownOutput(`${app.name}-${app.stage}-${componentName}Topic`);
      this.arn = new KnownOutput(`arn:aws:sns:${region}:${account}:${this.name.value}`);
      recording.topics.push({ name: componentName, args: undefined, instance: this });
    }

    subscribe(name: string, subscriber: $util.Input<string | sst.aws.FunctionArgs>): KnownOutput<unknown> {
      // As SST: the subscriber's component is `<topic>Subscriber<name>`, unique.
      if (this.subscribers.has(name))
        throw new Error(`Two subscribers of ${this.componentName} are named ${name}`);
      this.subscribers.add(name);
      recording.topicSubscriptions.push({ topic: this.componentName, name, subscriber });
      return new KnownOutput({});
    }
  }

  class Email {
    readonly urn: KnownOutput<string>;
    readonly sender: KnownOutput<string>;
    readonly configSet: KnownOutput<string>;
    readonly nodes: {
      identity: { arn: KnownOutput<string> };
      configurationSet: { arn: KnownOutput<string> };
    };
    constructor(name: string, args: sst.aws.EmailArgs) {
      claim(name);
      this.urn = urn("sst:aws:Email", name);
      const sender = known(args.sender);
      if (!sender) throw new Error("Email needs a sender");
      this.sender = new KnownOutput(sender);
      this.configSet = new KnownOutput(`${app.name}-${app.stage}-${name}Config`);
      this.nodes = {
        identity: { arn: new KnownOutput(`arn:aws:ses:${region}:${account}:identity/${sender}`) },
        configurationSet: {
          arn: new KnownOutput(`arn:aws:ses:${region}:${account}:configuration-set/${this.configSet.value}`),
        },
      };
      recording.emails.push({ name, args, instance: this });
    }
  }

  return {
    aws: { Dynamo, Function: LambdaFunction, Router, StaticSite, Email, CronV2, Bucket, Queue, SnsTopic },
  };
}

/** Pulumi's `aws` provider namespace, as far as infra/ uses it: each resource records itself. */
function stubAwsResources(recording: SstRecording) {
  const names = new Set<string>();
  const resource = (type: string, arn: (name: string, args: Record<string, unknown>) => string) =>
    class {
      /** Pulumi's type token, which SST's `$transform` reads. */
      static readonly __pulumiType = type;
      readonly id: KnownOutput<string>;
      readonly name: KnownOutput<string>;
      readonly arn: KnownOutput<string>;
      readonly key: KnownOutput<string>;
      constructor(name: string, args: Record<string, unknown>, opts?: aws.ResourceOptions) {
        if (names.has(`${type}::${name}`)) throw new Error(`Two ${type} resources are named ${name}`);
        names.add(`${type}::${name}`);
        // Pulumi's auto-name: the resource name and a random suffix, unless `name` is given.
        const physical =
          (known(args.name as $util.Input<string> | undefined) as string | undefined) ?? `${name}-a1b2c3d`;
        this.name = new KnownOutput(physical);
        this.id = new KnownOutput(`${physical}-id`);
        this.arn = new KnownOutput(arn(physical, args));
        this.key = new KnownOutput(String(known(args.key as $util.Input<string> | undefined) ?? name));
        recording.resources.push({ type, name, args, opts, instance: this });
      }
    };
  /** KMS resources also have a key id (a UUID in AWS; here derived from the name). */
  const kmsResource = (type: string, arn: (name: string) => string) =>
    class extends resource(type, arn) {
      readonly keyId: KnownOutput<string>;
      readonly grantId: KnownOutput<string>;
      constructor(name: string, args: Record<string, unknown>, opts?: aws.ResourceOptions) {
        super(name, args, opts);
        this.keyId = new KnownOutput(`${name}-key-id`);
        this.grantId = new KnownOutput(`${name}-grant-id`);
      }
    };
  return {
    getCallerIdentityOutput: () =>
      new KnownOutput({ accountId: account, arn: `arn:aws:iam::${account}:user/deployer`, userId: "AIDA" }),
    kms: {
      Key: kmsResource("aws:kms/key:Key", (name) => `arn:aws:kms:${region}:${account}:key/${name}-key-id`),
      Alias: kmsResource("aws:kms/alias:Alias", (name) => `arn:aws:kms:${region}:${account}:${name}`),
      Grant: kmsResource("aws:kms/grant:Grant", () => ""),
    },
    cloudfront: {
      CachePolicy: resource(
        "aws:cloudfront/cachePolicy:CachePolicy",
        (name) => `arn:aws:cloudfront::${account}:cache-policy/${name}`,
      ),
      ResponseHeadersPolicy: resource(
        "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy",
        (name) => `arn:aws:cloudfront::${account}:response-headers-policy/${name}`,
      ),
      KeyValueStore: resource(
        "aws:cloudfront/keyValueStore:KeyValueStore",
        (name) => `arn:aws:cloudfront::${account}:key-value-store/${name}-0000-kvs`,
      ),
      KeyvaluestoreKey: resource("aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey", () => ""),
      // Declared by SST's Router, not by infra/: named in `$transform` only.
      Function: resource(
        "aws:cloudfront/function:Function",
        (name) => `arn:aws:cloudfront::${account}:function/${name}`,
      ),
    },
    codebuild: {
      Project: resource(
        "aws:codebuild/project:Project",
        (name) => `arn:aws:codebuild:${region}:${account}:project/${name}`,
      ),
    },
    iam: {
      Role: resource("aws:iam/role:Role", (name) => `arn:aws:iam::${account}:role/${name}`),
      RolePolicy: resource("aws:iam/rolePolicy:RolePolicy", () => ""),
    },
    s3: { BucketObjectv2: resource("aws:s3/bucketObjectv2:BucketObjectv2", () => "") },
    cloudwatch: {
      LogGroup: resource(
        "aws:cloudwatch/logGroup:LogGroup",
        (name) => `arn:aws:logs:${region}:${account}:log-group:${name}`,
      ),
      EventRule: resource(
        "aws:cloudwatch/eventRule:EventRule",
        (name) => `arn:aws:events:${region}:${account}:rule/${name}`,
      ),
      EventTarget: resource("aws:cloudwatch/eventTarget:EventTarget", () => ""),
      LogMetricFilter: resource("aws:cloudwatch/logMetricFilter:LogMetricFilter", () => ""),
      MetricAlarm: resource(
        "aws:cloudwatch/metricAlarm:MetricAlarm",
        (name) => `arn:aws:cloudwatch:${region}:${account}:alarm:${name}`,
      ),
    },
    lambda: { Permission: resource("aws:lambda/permission:Permission", () => "") },
    ssm: {
      Parameter: resource(
        "aws:ssm/parameter:Parameter",
        (name) => `arn:aws:ssm:${region}:${account}:parameter/${name.replace(/^\//, "")}`,
      ),
    },
    sns: {
      TopicPolicy: resource("aws:sns/topicPolicy:TopicPolicy", () => ""),
      TopicSubscription: resource(
        "aws:sns/topicSubscription:TopicSubscription",
        (name) => `arn:aws:sns:${region}:${account}:${name}:subscription`,
      ),
    },
  };
}

/** Pulumi's `random` provider: a password is a fixed, recognisable string per resource name. */
function stubRandomResources(recording: SstRecording) {
  class RandomPassword {
    readonly result: KnownOutput<string>;
    readonly id: KnownOutput<string>;
    readonly name: KnownOutput<string>;
    readonly arn = new KnownOutput("");
    constructor(name: string, args: { length: $util.Input<number>; special?: $util.Input<boolean> }) {
      const length = Number(known(args.length));
      this.result = new KnownOutput(`${name}-secret-`.padEnd(length, "x").slice(0, length));
      this.id = new KnownOutput(name);
      this.name = new KnownOutput(name);
      recording.resources.push({
        type: "random:index/randomPassword:RandomPassword",
        name,
        args: args as Record<string, unknown>,
        opts: undefined,
        instance: this,
      });
    }
  }
  return { RandomPassword };
}

/** Pulumi's file asset: the path it would upload. */
export class FileAsset {
  constructor(readonly path: string) {}
}

export interface Deployment {
  readonly app: SstApp;
  readonly recording: SstRecording;
  readonly outputs: Record<string, unknown> | undefined;
}

/**
 * Runs `sst.config.ts` for a stage as `sst deploy --stage <stage>` would, with `env` as the deploy environment.
 * Modules are reloaded, so every infra file runs again against fresh recorders.
 */
export async function deploy(
  stage: string,
  env: Record<string, string | undefined> = {},
): Promise<Deployment> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.stubGlobal("$config", (config: SstConfig) => config);

  // Not a static import: sst.config.ts references SST's generated types, which tsc cannot find before `sst install`.
  const configPath = resolve(repositoryRoot, "sst.config.ts");
  const config = ((await import(/* @vite-ignore */ configPath)) as { default: SstConfig }).default;
  const app = await config.app({ stage });

  const recording: SstRecording = {
    tables: [],
    functions: [],
    routers: [],
    routes: [],
    bucketRoutes: [],
    sites: [],
    emails: [],
    crons: [],
    queues: [],
    subscriptions: [],
    buckets: [],
    resources: [],
    topics: [],
    topicSubscriptions: [],
    stackTransforms: [],
  };
  vi.stubGlobal("$app", {
    name: app.name,
    stage,
    removal: app.removal ?? "remove",
    protect: app.protect ?? false,
    providers: app.providers,
  });
  vi.stubGlobal("$dev", false);
  vi.stubGlobal("$cli", {
    paths: { root: repositoryRoot, work: sstWorkDir, home: sstWorkDir, platform: sstWorkDir },
  });
  vi.stubGlobal("$util", {
    asset: { FileAsset },
    output: <T>(value: $util.Input<T>) =>
      value instanceof KnownOutput ? value : new KnownOutput(known(value)),
  });
  vi.stubGlobal(
    "$transform",
    (resource: { __pulumiType?: string }, callback: RecordedTransform["callback"]) => {
      const type = resource.__pulumiType;
      // SST's components (`sst:` types) take their transforms another way, which infra/ does not use.
      if (!type || type.startsWith("sst:"))
        throw new Error(`The SST stubs $transform only Pulumi resources, not ${type}`);
      recording.stackTransforms.push({ type, callback });
    },
  );
  vi.stubGlobal("sst", stubComponents({ name: app.name, stage }, recording));
  vi.stubGlobal("aws", stubAwsResources(recording));
  vi.stubGlobal("random", stubRandomResources(recording));

  const outputs = await config.run();
  return { app, recording, outputs };
}

/** Undoes `deploy`'s globals and environment. */
export function restoreSstStubs(): void {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
}
