/**
 * The browser's one client of the API (openapi-fetch), typed with the paths generated from the API's OpenAPI
 * document (`npm run openapi:types`): a path, its parameters, its body and its answer are checked against what the
 * API publishes. Same origin, JSON in and out, the session cookie sent by the browser (api.md "Sessions").
 * `unwrap` answers a call's data or throws the ApiError carrying the spec's message.
 */
import createClient, { createFinalURL, createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import { ApiError, apiErrorOf } from "../api-client";
import type { paths } from "./openapi";
import { send } from "./send";

export type { paths };
/** A path the API's document declares. */
export type ApiPath = keyof paths;

/**
 * What openapi-fetch builds a call into: the relative path and the init it would have given `new Request`, so fetch
 * gets them as they are (same-origin path, the caller's own signal, the body as the JSON text).
 */
class ApiCall {
  readonly method: string;
  constructor(
    readonly url: string,
    readonly init: RequestInit & { headers: Headers },
  ) {
    this.method = init.method ?? "GET";
  }
}

/** Sends a call through the shared send (send.ts). */
const sendCall = (call: ApiCall) => send(call.url, call.method, call.init);

export const api = createClient<paths>({
  fetch: sendCall as unknown as (input: Request) => Promise<Response>,
  Request: ApiCall as unknown as typeof Request,
});

/** The data of a call's answer (undefined for 204), else the ApiError of its failure. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (cause) {
    // openapi-fetch could not read a successful answer as JSON.
    if (cause instanceof SyntaxError) throw new ApiError("Network error", 0);
    throw cause;
  }
  const { data, error, response } = result;
  if (!response.ok) throw apiErrorOf(response.status, error);
  return data as T;
}

export type Params = {
  path?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
};

/** The URL of a declared path with its parameters, for what openapi-fetch cannot send (files) or a link. */
export function apiUrl(path: ApiPath, params: Params = {}): string {
  return createFinalURL(path, {
    baseUrl: "",
    params,
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}

type Method = "get" | "post" | "put" | "delete" | "patch";
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M & keyof paths[P]]>;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : undefined;

/** The JSON body of a declared operation's successful answer (200, else 201). */
export type ApiAnswer<P extends ApiPath, M extends Method = "get"> =
  Operation<P, M> extends { responses: infer R }
    ? JsonOf<R extends { 200: infer A } ? A : R[201 & keyof R]>
    : never;

/** The JSON body a declared operation takes. */
export type ApiBody<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
