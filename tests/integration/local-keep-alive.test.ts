/**
 * Issue 28, item 5: an answer the local server gives before it has read the request's body (a 413 over the size
 * limit, a site path's 405...) must say `Connection: close`, since the server then drops the connection rather than
 * read the rest. Without it a keep-alive client (a browser, undici's pool, node:http's Agent) sent its next request
 * on that dead socket and got `socket hang up` / UND_ERR_SOCKET. Tested with a real server and a real keep-alive
 * client on one socket at a time, so the next request goes on the same connection whenever the server keeps it.
 * And the answer must reach a client still sending that body: the server reads the rest before it closes (a reset
 * connection gave EPIPE instead of the 413), within limits.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWhenBodyUnread, startLocalServer } from "../../functions/main/local";
import { createTestContext } from "../setup/test-db";
import { createCustomer } from "../support/customers";

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

/**
 * A client that reads the answer once it has sent its request, as a browser uploading a photo does: headers, then
 * the body in 64 KiB pieces at the pace of a link slower than this machine's loopback. A socket error before the
 * whole body is sent (the server dropped the connection: EPIPE, ECONNRESET) is what it gets instead of the answer.
 */
function uploadThenRead(
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  { to = port, stallAfter = Number.POSITIVE_INFINITY } = {},
) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const socket = net.connect(to, "127.0.0.1");
    const received: Buffer[] = [];
    let sent = false;
    const answer = () => {
      const text = Buffer.concat(received).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    };
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    socket.on("end", () => (sent ? answer() : resolve({ error: "fermée avant la fin de l'envoi" })));
    const head = Object.entries({ ...headers, host: "127.0.0.1", "content-length": String(body.length) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    const write = (chunk: Buffer | string) =>
      new Promise<void>((done, fail) => socket.write(chunk, (error) => (error ? fail(error) : done())));
    socket.once("connect", async () => {
      try {
        await write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
        const end = Math.min(body.length, stallAfter);
        for (let offset = 0; offset < end; offset += 64 * 1024) {
          if (offset > 0) await new Promise((pause) => setTimeout(pause, 1));
          // From its last piece on, the answer may come: the server has what it waited for.
          if (offset + 64 * 1024 >= end) sent = true;
          await write(body.subarray(offset, Math.min(offset + 64 * 1024, end)));
        }
      } catch {
        // The socket's error event says why.
      }
    });
  });
}

describe("a body over the limit, refused while the client still sends it", () => {
  it("reaches each of 20 clients sending 3 MB at once as its French 413, never as a dropped connection", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        uploadThenRead("/api/auth/signin", Buffer.alloc(3 * 1024 * 1024, 97), json),
      ),
    );
    expect(answers).toEqual(
      answers.map(() => ({
        status: 413,
        body: JSON.stringify({ error: "La requête est trop volumineuse.", code: "PAYLOAD_TOO_LARGE" }),
      })),
    );
  }, 30_000);

  it("shows the owner that her 5 MB photos are too large, each of them", async () => {
    const owner = await createCustomer(ctx.deps, ctx.app, { isAdmin: true });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        uploadThenRead("/api/admin/photos/1?alt=Savon", Buffer.alloc(5 * 1024 * 1024, 255), {
          "content-type": "image/jpeg",
          authorization: `Bearer ${owner.token}`,
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 413 });
      expect(JSON.parse((answer as { body: string }).body)).toMatchObject({
        code: "PHOTO_TOO_LARGE",
        error: "Cette photo dépasse 4 Mo : réduisez-la avant de l'envoyer.",
      });
    }
  }, 30_000);
});

describe("a refused body the server stops reading", () => {
  /** A server that refuses every body at once, reading at most 256 KiB or 300 ms of what it refused. */
  async function refusingServer() {
    const app = new Hono().all("*", (c) => c.json({ error: "Trop lourd." }, 413));
    const fetch = closeWhenBodyUnread(app.fetch, { bytes: 256 * 1024, ms: 300 });
    const server = await new Promise<http.Server>((resolve) => {
      const started = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started as http.Server));
    });
    return { server, port: (server.address() as AddressInfo).port };
  }

  it("answers a client that stalls mid-body once the time is up, and closes", async () => {
    const refusing = await refusingServer();
    try {
      const started = Date.now();
      const answer = await uploadThenRead("/", Buffer.alloc(3 * 1024 * 1024, 97), json, {
        to: refusing.port,
        stallAfter: 128 * 1024,
      });
      expect(answer).toMatchObject({ status: 413, body: JSON.stringify({ error: "Trop lourd." }) });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      refusing.server.closeAllConnections();
      refusing.server.close();
    }
  });

  it("drops a client that keeps sending past the bytes it reads", async () => {
    const refusing = await refusingServer();
    try {
      const answer = await uploadThenRead("/", Buffer.alloc(3 * 1024 * 1024, 97), json, {
        to: refusing.port,
      });
      expect(answer).toHaveProperty("error");
    } finally {
      refusing.server.closeAllConnections();
      refusing.server.close();
    }
  });
});
