/**
 * `LAPOSTE_DOUBLE=1 npm start`: the shop calls a local double of Colissimo's label service (tests/doubles/colissimo.ts)
 * instead of La Poste's, for the end-to-end tests and for trying labels without a contract. The double's contract
 * number, password and API key are LAPOSTE_DOUBLE_CONTRACT, LAPOSTE_DOUBLE_PASSWORD and LAPOSTE_DOUBLE_API_KEY (the
 * ones to type in the « Colissimo » card; the double serves La Poste's tracking API too), its port LAPOSTE_DOUBLE_PORT (any free one by default). Off by default: npm start calls La Poste.
 */
import type { Supervisor } from "./supervisor";

export const LAPOSTE_DOUBLE_CONTRACT = "123456";
export const LAPOSTE_DOUBLE_PASSWORD = "double-colissimo";
export const LAPOSTE_DOUBLE_API_KEY = "double-laposte-api-key";

export async function startLaposteDoubleIfAsked(
  env: NodeJS.ProcessEnv,
  supervisor: Supervisor,
): Promise<void> {
  if (env.LAPOSTE_DOUBLE !== "1") return;
  const { startColissimoDouble } = await import("../../tests/doubles/colissimo");
  const double = await startColissimoDouble({
    contractNumber: env.LAPOSTE_DOUBLE_CONTRACT || LAPOSTE_DOUBLE_CONTRACT,
    password: env.LAPOSTE_DOUBLE_PASSWORD || LAPOSTE_DOUBLE_PASSWORD,
    apiKey: env.LAPOSTE_DOUBLE_API_KEY || LAPOSTE_DOUBLE_API_KEY,
    ...(env.LAPOSTE_DOUBLE_PORT && { port: Number(env.LAPOSTE_DOUBLE_PORT) }),
  });
  supervisor.onStop(() => double.close());
  // This process's La Poste client reads them at each call (functions/shipping/colissimo-client.ts).
  env.COLISSIMO_WS_URL = double.url;
  env.LAPOSTE_API_URL = double.url;
  env.LAPOSTE_ALLOW_LOOPBACK = "1";
  console.log(
    `Colissimo : double local sur ${double.url} (contrat ${double.contractNumber}, mot de passe ${double.password}, clé d'API La Poste ${double.apiKey}).`,
  );
}
