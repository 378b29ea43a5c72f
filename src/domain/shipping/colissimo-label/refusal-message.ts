/**
 * The owner's sentence when SLS refuses a label (sources: request.ts; the ids as the CDI WooCommerce plugin
 * transcribes SLS's table), or when its answer could not be read.
 */

import { type SlsMessage, UNREADABLE_ANSWER_ID } from "./response";

/**
 * What the owner reads for SLS's most frequent refusals, where its own text does not say what to do. The ids are
 * SLS's (errors of the « Affranchissement » web service); the others keep SLS's text, already in French.
 */
const REASONS: Readonly<Record<string, string>> = {
  "30000": "le numéro de contrat ou le mot de passe Colissimo est refusé, vérifiez-les dans Paramètres",
  "30002": "la date de dépôt est déjà passée",
  "30007": "le compte Colissimo est inactif, contactez votre interlocuteur commercial La Poste",
  "30008":
    "l'affranchissement par web service n'est pas ouvert sur ce contrat, contactez votre interlocuteur La Poste",
  "30009":
    "ce produit Colissimo n'est pas ouvert sur ce contrat, contactez votre interlocuteur commercial La Poste",
  "30700":
    "ce produit Colissimo ne fait pas partie du contrat, contactez votre interlocuteur commercial La Poste",
  "30015": "le produit Colissimo demandé est inconnu",
  "30018": "le nom commercial de la boutique manque",
  "30065": "le nom de la boutique manque",
  "30100": "l'adresse de la boutique (numéro et rue) manque",
  "30104": "la ville de la boutique manque",
  "30106": "le code postal de la boutique manque",
  "30107": "le code postal de la boutique est incorrect",
  "30108": "le code postal de la boutique ne correspond pas à son pays",
  "30046": "l'e-mail de la boutique est incorrect",
  "30047": "le téléphone de la boutique est incorrect",
  "30085": "le téléphone de la boutique est incorrect",
  "30200": "le nom du client manque",
  "30202": "le prénom du client manque (obligatoire pour un point retrait)",
  "30204": "l'adresse du client (numéro et rue) manque",
  "30207": "le pays du client est incorrect",
  "30208": "la ville du client manque",
  "30210": "le code postal du client manque",
  "30211": "le code postal du client est incorrect",
  "30212": "le code postal du client ne correspond pas à son pays",
  "30213": "Colissimo ne livre pas ce code postal avec ce produit",
  "30220": "le numéro de portable du client manque, il est obligatoire pour un point retrait",
  "30221": "le numéro de portable du client est refusé",
  "30222": "l'e-mail du client manque, il est obligatoire pour un point retrait",
  "30223": "l'e-mail du client est refusé",
  "30300": "le poids du colis manque",
  "30301": "le poids du colis est refusé (de 0,01 à 30 kg, ou moins selon le point retrait)",
  "30400": "le point retrait choisi par le client manque",
  "30401": "le point retrait choisi par le client est inconnu de Colissimo",
  "40015": "le service Colissimo est momentanément indisponible, réessayez plus tard",
  "40018": "le service Colissimo est indisponible, réessayez plus tard",
};

/**
 * The owner's sentence for a refused label: « Colissimo a refusé l'étiquette : <raison> (code <id>). », one reason
 * per message. An unreadable answer says so, and to look for the label in the Colissimo account before retrying
 * (SLS may have made it).
 */
export function labelRefusalMessage(messages: readonly SlsMessage[]): string {
  const unreadableAnswer = messages.find((message) => message.id === UNREADABLE_ANSWER_ID);
  if (unreadableAnswer) {
    return (
      `La réponse de Colissimo est illisible (${unreadableAnswer.messageContent}). Vérifiez dans votre espace ` +
      "Colissimo si l'étiquette a été créée avant de réessayer."
    );
  }
  const reasons = messages.map(({ id, messageContent }) => {
    const reason = REASONS[id] ?? (messageContent.trim().replace(/[\s.]+$/, "") || "raison non précisée");
    return id ? `${reason} (code ${id})` : reason;
  });
  if (!reasons.length) return "Colissimo a refusé l'étiquette sans en donner la raison.";
  return `Colissimo a refusé l'étiquette : ${reasons.join(" ; ")}.`;
}
