/**
 * The shop's words for what zod finds wrong with a field when the schema gives no message of its own: a French
 * sentence a shopper or the owner can act on, shown beside the field (the API keys it by the field's path). zod's
 * own French locale speaks like a validator (« Trop grand : entier doit être <=9007199254740991 »), so it is not
 * used. The schemas' own messages, written per field, always come first.
 */
import type * as z from "zod";
import { once } from "./once";

type Issue = z.core.$ZodRawIssue;

const number = once(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 6 }));
const format = (value: number | bigint) => number().format(value);
const plural = (count: number | bigint, word: string) =>
  `${format(count)} ${word}${Number(count) > 1 ? "s" : ""}`;

/** Bounds no one types: zod's default for an integer is the largest exact one; naming it helps no one. */
const unspeakable = (value: number | bigint) => Math.abs(Number(value)) >= Number.MAX_SAFE_INTEGER;

const TYPE_EXPECTED: Record<string, string> = {
  string: "Ce champ doit être un texte.",
  number: "Ce champ doit être un nombre.",
  int: "Ce champ doit être un nombre entier.",
  bigint: "Ce champ doit être un nombre entier.",
  boolean: "Ce champ doit valoir vrai ou faux.",
  array: "Ce champ doit être une liste.",
  tuple: "Ce champ doit être une liste.",
  set: "Ce champ doit être une liste.",
  object: "Ce champ doit être un objet JSON.",
  record: "Ce champ doit être un objet JSON.",
  map: "Ce champ doit être un objet JSON.",
  date: "Ce champ doit être une date.",
  file: "Ce champ doit être un fichier.",
};

const FORMAT: Record<string, string> = {
  email: "Adresse e-mail invalide.",
  url: "Adresse web invalide.",
  datetime: "Date et heure invalides : AAAA-MM-JJTHH:MM:SSZ attendu.",
  date: "Date invalide : AAAA-MM-JJ attendu.",
  time: "Heure invalide : HH:MM attendu.",
  uuid: "Identifiant invalide.",
  guid: "Identifiant invalide.",
  ulid: "Identifiant invalide.",
  cuid: "Identifiant invalide.",
  cuid2: "Identifiant invalide.",
  nanoid: "Identifiant invalide.",
};

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const { maximum, inclusive, exact } = issue;
  switch (issue.origin) {
    case "string":
      return exact
        ? `Ce texte doit compter exactement ${plural(maximum, "caractère")}.`
        : `Ce texte est trop long : ${plural(maximum, "caractère")} au plus.`;
    case "array":
    case "set":
      return exact
        ? `Cette liste doit compter exactement ${plural(maximum, "élément")}.`
        : `Cette liste est trop longue : ${plural(maximum, "élément")} au plus.`;
    case "file":
      return "Ce fichier est trop volumineux.";
    case "date":
      return "Cette date est trop tardive.";
    default:
      if (unspeakable(maximum)) return "Ce nombre est trop grand.";
      return inclusive
        ? `Ce nombre est trop grand : ${format(maximum)} au plus.`
        : `Ce nombre doit être inférieur à ${format(maximum)}.`;
  }
}

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const { minimum, inclusive, exact } = issue;
  switch (issue.origin) {
    case "string":
      if (exact) return `Ce texte doit compter exactement ${plural(minimum, "caractère")}.`;
      return Number(minimum) <= 1
        ? "Ce champ est obligatoire."
        : `Ce texte est trop court : ${plural(minimum, "caractère")} au moins.`;
    case "array":
    case "set":
      if (exact) return `Cette liste doit compter exactement ${plural(minimum, "élément")}.`;
      return Number(minimum) <= 1
        ? "Cette liste ne peut pas être vide."
        : `Cette liste doit compter au moins ${plural(minimum, "élément")}.`;
    case "file":
      return "Ce fichier est vide.";
    case "date":
      return "Cette date est trop ancienne.";
    default:
      if (unspeakable(minimum)) return "Ce nombre est trop petit.";
      if (inclusive && Number(minimum) === 0) return "Ce nombre ne peut pas être négatif.";
      return inclusive
        ? `Ce nombre est trop petit : ${format(minimum)} au moins.`
        : `Ce nombre doit être supérieur à ${format(minimum)}.`;
  }
}

/** The field's unknown names, quoted and cut: they are the sender's text. */
function unknownFields(keys: readonly string[]): string {
  const names = keys.slice(0, 3).map((key) => `« ${key.length > 40 ? `${key.slice(0, 40)}…` : key} »`);
  const more = keys.length > 3 ? "…" : "";
  return keys.length > 1 ? `Champs inconnus : ${names.join(", ")}${more}.` : `Champ inconnu : ${names[0]}.`;
}

export function shopIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Ce champ est obligatoire.";
      return TYPE_EXPECTED[issue.expected] ?? "Ce champ n'a pas le bon type.";
    case "too_big":
      return tooBig(issue);
    case "too_small":
      return tooSmall(issue);
    case "invalid_format":
      return FORMAT[issue.format] ?? "Format invalide.";
    case "not_multiple_of":
      return `Ce nombre doit être un multiple de ${format(issue.divisor)}.`;
    case "unrecognized_keys":
      return unknownFields(issue.keys);
    case "invalid_value":
      return "Cette valeur ne fait pas partie des choix proposés.";
    default:
      return "Valeur invalide.";
  }
}

/** For z.config: every schema's issue without a message of its own gets the shop's. */
export const shopErrorMap: z.core.$ZodErrorMap = (issue) => shopIssueMessage(issue);
