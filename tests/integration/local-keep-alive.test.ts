/**
 * Issue 28, item 5: an answer the local server gives before it has read the request's body (a 413 over the size
 * limit, a site path's 405...) must say `Connection: close`, since the server then drops the connection rather than
 * read the rest. Without it a keep-alive client (a browser, undici's pool, node:http's Agent) sent its next request
 * on that dead socket and got `socket hang up` / UND_ERR_SOCKET. Tested with a real server and a real keep-alive
 * client on one socket at a time, so the next request goes on the same connection whenever the server keeps it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../../functions/platform/local";
import { createTestContext } from "../setup/test-db";

const ctx = await createTestContext();
const dist = mkdtempSync(join(tmpdir(), "shop-dist-"));
writeFileSync(join(dist, "index.html"), "<h1>Accueil</h1>");
let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, deps: ctx.deps, distDir: dist });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  /** Which of the agent's connections carried it (1 for the first one opened, and so on). */
  socket: number;
}

/** A keep-alive client with a single connection: a request reuses the previous one's socket when it is kept. */
function client() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new WeakMap<object, number>();
  let opened = 0;
  const request = (method: string, path: string, body?: Buffer, headers: http.OutgoingHttpHeaders = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
        const socket = res.socket;
        if (!sockets.has(socket)) sockets.set(socket, ++opened);
        const id = sockets.get(socket) as number;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: Buffer.concat(chunks).toString(),
            socket: id,
          }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}

const json = { "content-type": "application/json" };
const tooBig = () =>
  Buffer.from(JSON.stringify({ email: "a@example.fr", password: "x".repeat(2 * 1024 * 1024) }));

describe("the local server and keep-alive clients", () => {
  it("a 413 says Connection: close, and the client's next request succeeds on a new connection", async () => {
    const { request, close } = client();
    try {
      for (let round = 0; round < 5; round++) {
        const refused = await request("POST", "/api/auth/signin", tooBig(), json);
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
        expect(refused.connection).toBe("close");
        // Sent at once, as a keep-alive client does: it must not land on the socket the server dropped.
        const next = await request("GET", "/api/settings/shipping");
        expect(next.status).toBe(200);
        expect(next.socket).not.toBe(refused.socket);
      }
    } finally {
      close();
    }
  });

  it("a page's 405 with a body still on the wire says Connection: close too", async () => {
    const { request, close } = client();
    try {
      const refused = await request("POST", "/", Buffer.alloc(2 * 1024 * 1024, 97), {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(refused.status).toBe(405);
      expect(refused.connection).toBe("close");
      expect((await request("GET", "/")).status).toBe(200);
    } finally {
      close();
    }
  });

  it("keeps the connection when the body was read: the next request reuses it", async () => {
    const { request, close } = client();
    try {
      const wrong = await request(
        "POST",
        "/api/auth/signin",
        Buffer.from(JSON.stringify({ email: "personne@example.fr", password: "mauvais!" })),
        json,
      );
      expect(wrong.status).toBe(401);
      expect(wrong.connection).toBe("keep-alive");
      const next = await request("GET", "/api/settings/shipping");
      expect(next.status).toBe(200);
      expect(next.socket).toBe(wrong.socket);
    } finally {
      close();
    }
  });
});
