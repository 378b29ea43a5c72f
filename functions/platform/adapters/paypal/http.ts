/**
 * How the adapter talks to PayPal's REST API: the OAuth client-credentials token (cached), each call with its
 * deadline and PayPal-Request-Id, and every failure turned into a PaypalError (no answer, timeout, unreadable
 * answer, PayPal's refusal).
 */

import { PaypalError, type PaypalOperation } from "./error";

/** Where PayPal (or its double) answers, the shop's credentials (`payment_paypal`) and each call's deadline. */
export interface PaypalConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

const tokenCache = new Map<string, { token: string; expiresAt: number }>();

/** Forgets cached OAuth tokens (when the owner changes the credentials). */
export function clearPaypalTokens(): void {
  tokenCache.clear();
}

/** PayPal's REST API over HTTP, for one base URL and one set of credentials: what PaypalClient's calls go through. */
export class PaypalHttp {
  private readonly baseUrl: string;

  constructor(private readonly config: PaypalConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, "");
  }

  private async send(
    path: string,
    init: RequestInit,
    what: string,
    operation: PaypalOperation,
  ): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === "TimeoutError";
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : "";
      throw new PaypalError(`${what}: ${timeout ? "timed out" : `no answer (${cause})`}`, 0, undefined, {
        operation,
        kind: timeout ? "timeout" : "unreachable",
      });
    }
  }

  /** OAuth 2 client-credentials token, cached until shortly before it expires. */
  async accessToken(): Promise<string> {
    const key = `${this.baseUrl}|${this.config.clientId}|${this.config.clientSecret}`;
    const cached = tokenCache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const response = await this.send(
      "/v1/oauth2/token",
      {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
      "PayPal authentication failed",
      "authenticate",
    );
    if (!response.ok) throw await this.error(response, "PayPal authentication failed", "authenticate");
    const body = await this.json<{ access_token: string; expires_in: number }>(
      response,
      ["PayPal authentication failed", "authenticate"],
      (answer) => typeof answer.access_token === "string" && typeof answer.expires_in === "number",
    );
    tokenCache.set(key, { token: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 });
    return body.access_token;
  }

  /**
   * PayPal's JSON answer, when it has what the caller reads (`complete`); anything else is an "unreadable" failure
   * rather than a crash further on. Reading the body is within the call's deadline too.
   */
  private async json<T extends object>(
    response: Response,
    [what, operation]: [string, PaypalOperation],
    complete: (answer: Partial<Record<keyof T, unknown>>) => boolean,
  ): Promise<T> {
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError")
        throw new PaypalError(`${what}: timed out`, 0, undefined, { operation, kind: "timeout" });
      answer = undefined;
    }
    if (
      typeof answer === "object" &&
      answer !== null &&
      complete(answer as Partial<Record<keyof T, unknown>>)
    )
      return answer as T;
    const type = response.headers.get("content-type") ?? "no content type";
    throw new PaypalError(`${what}: unreadable answer (${type})`, response.status, undefined, {
      operation,
      kind: "unreadable",
    });
  }

  /** One authenticated call: PayPal's JSON answer when it has what the caller reads, a PaypalError otherwise. */
  protected async call<T extends object>(
    method: string,
    path: string,
    [what, operation]: [string, PaypalOperation],
    complete: (answer: Partial<Record<keyof T, unknown>>) => boolean,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    const token = await this.accessToken();
    const response = await this.send(
      path,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          prefer: "return=representation",
          ...(requestId && { "paypal-request-id": requestId }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      what,
      operation,
    );
    if (!response.ok) throw await this.error(response, what, operation);
    return this.json<T>(response, [what, operation], complete);
  }

  private async error(response: Response, what: string, operation: PaypalOperation): Promise<PaypalError> {
    let detail = response.statusText || `HTTP ${response.status}`;
    let issue: string | undefined;
    let paypalName: string | undefined;
    let debugId: string | undefined;
    let description: string | undefined;
    try {
      const body = (await response.json()) as {
        name?: string;
        error?: string;
        message?: string;
        debug_id?: string;
        error_description?: string;
        details?: { issue?: string; description?: string }[];
      };
      issue = body.details?.[0]?.issue;
      paypalName = body.name ?? body.error;
      debugId = body.debug_id;
      description = body.details?.[0]?.description ?? body.message ?? body.error_description;
      detail = description ?? detail;
    } catch {
      // not JSON: keep the status text
    }
    return new PaypalError(`${what}: ${detail}`, response.status, issue, {
      operation,
      kind: "answered",
      paypalName,
      debugId,
      description,
    });
  }
}
