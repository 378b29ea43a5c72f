import { connect, createServer } from "node:net";
import { StartError, withVariable } from "./start-error";

/** True when this process could listen on host:port now (the port is free there). */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve(false);
      else if (error.code === "EACCES")
        reject(new StartError(`Le port ${port} est réservé : choisissez un port au-dessus de 1024.`));
      else if (error.code === "EADDRNOTAVAIL")
        reject(new StartError(`L'adresse ${host} n'appartient pas à cette machine : corrigez HOST.`));
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** True when something accepts connections on 127.0.0.1:port (also a listener on every interface). */
function answersOnLoopback(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * A port free on 127.0.0.1 now, chosen by the system (listen on 0, read it, close): for a server a test or a script
 * starts beside others (DynamoDB Local, the local API), or for a port nothing listens on.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function isPortTaken(port: number, host = "127.0.0.1"): Promise<boolean> {
  return !(await canListen(port, host)) || (await answersOnLoopback(port));
}

/**
 * True when what listens on 127.0.0.1:port answers as DynamoDB does (DynamoDB Local does not check signatures).
 * Only asked when the port is taken; a cold DynamoDB Local on a loaded machine can take several seconds.
 */
export async function isDynamoDb(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": "DynamoDB_20120810.ListTables",
        authorization:
          "AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-3/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      body: "{}",
      signal: AbortSignal.timeout(20_000),
    });
    return (await response.text()).includes("TableNames");
  } catch {
    return false;
  }
}

/** The shop's own port: free, or a French refusal that says how to move it. */
export async function assertShopPortFree(port: number, host: string): Promise<void> {
  if (await isPortTaken(port, host)) {
    throw new StartError(
      `Le port ${port} est déjà utilisé par un autre programme (une autre boutique lancée ?).\n` +
        `Arrêtez ce programme, ou choisissez un autre port : ${withVariable("PORT", port + 1)}`,
    );
  }
}

/**
 * The database's port: free, or a French refusal. A DynamoDB Local already there is never reused: it was not
 * started by this command, so its data are not those of this DATA_DIR.
 */
export async function assertDatabasePortFree(port: number): Promise<void> {
  if (!(await isPortTaken(port))) return;
  const fix = `Arrêtez-le, ou choisissez un autre port : ${withVariable("DYNAMODB_PORT", port + 1)}`;
  if (await isDynamoDb(port)) {
    throw new StartError(
      `Une base DynamoDB tourne déjà sur le port ${port} sans avoir été lancée par cette commande : ses données ne sont pas celles de DATA_DIR.\n${fix}`,
    );
  }
  throw new StartError(
    `Le port ${port}, celui de la base de données locale, est déjà utilisé par un autre programme.\n${fix}`,
  );
}
