import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { StartError, withVariable } from "./start-error";

const LOCK_FILE = "shop.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data folder for this process: one shop at a time writes a folder's database and mails. A lock left by
 * a process that no longer runs (killed, machine restarted) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new StartError(
          `Le dossier de données ${dataDir} est déjà utilisé par une autre boutique (processus ${holder}).\n` +
            `Arrêtez-la, ou choisissez un autre dossier : ${withVariable("DATA_DIR", `${dataDir}-2`)}`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new StartError(`Le dossier de données ${dataDir} n'a pas pu être réservé : relancez npm start.`);
}
