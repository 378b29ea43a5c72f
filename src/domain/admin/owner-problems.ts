/**
 * What went wrong in the shop's machinery, for the top of the owner's to-do list: names and words only.
 * docs/decisions/030-failures-reach-the-owner.md.
 */

export const PROBLEM_KINDS = [
  "job_failed",
  "function_errors",
  "dead_letters",
  "publish_failed",
  /** The level at which AWS reviews the account. */
  "mail_bounce_rate",
  "mail_complaint_rate",
  /** Recorded by the shop when it needs the secret, cleared when the owner types it again. */
  "colissimo_secret_unreadable",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const isProblemKind = (value: string): value is ProblemKind =>
  (PROBLEM_KINDS as readonly string[]).includes(value);

export interface OwnerProblem {
  kind: ProblemKind;
  subject: string;
  since: string;
  title: string;
  action: string;
}

/** `<app>-<stage>--<kind>--<subject>`: the name, since the metric's dimension is a generated name. */
export const ALARM_NAME_SEPARATOR = "--";

export function alarmName(prefix: string, kind: ProblemKind, subject: string): string {
  if (subject.includes(ALARM_NAME_SEPARATOR) || !/^[A-Za-z0-9-]+$/.test(subject))
    throw new Error(`Alarm subject "${subject}" must be letters, digits and single hyphens`);
  return [prefix, kind, subject].join(ALARM_NAME_SEPARATOR);
}

export function problemOfAlarm(name: string): { kind: ProblemKind; subject: string } | undefined {
  const parts = name.split(ALARM_NAME_SEPARATOR);
  if (parts.length !== 3) return undefined;
  const [, kind, subject] = parts as [string, string, string];
  return isProblemKind(kind) && subject ? { kind, subject } : undefined;
}

export const JOB_LABELS: Record<string, string> = {
  ReleaseHolds: "la libération des réservations PayPal (toutes les 5 minutes)",
  ReconcilePaypal: "le rapprochement nocturne des commandes PayPal",
  DailySummary: "le résumé quotidien de 8 h",
  TransferFollowUp: "la relance des virements non reçus",
  TrackParcels: "la lecture du suivi Colissimo des colis expédiés",
  ReviewInvitations: "l'envoi des invitations à laisser un avis",
  PriceChanges: "la publication des pages au début et à la fin des réductions",
};

const DEAD_LETTERS: Record<string, { title: string; action: string }> = {
  AccountMail: {
    title: "Des e-mails n'ont pas pu partir après plusieurs essais",
    action:
      "Confirmations de commande, réinitialisations de mot de passe ou alertes de stock attendent. Vérifiez que l'envoi d'e-mails fonctionne (Amazon SES hors du « bac à sable », adresse d'expédition vérifiée), puis renvoyez-les : console AWS, SQS, file « AccountMailDeadLetter », « Démarrer la redirection DLQ ».",
  },
  SitePublish: {
    title: "Des demandes de publication du site ont été abandonnées",
    action:
      "Le site affiche peut-être des informations anciennes. Cliquez sur « Réessayer » dans l'encart de publication (Statistiques) ; si cela échoue encore, contactez la personne qui maintient la boutique.",
  },
  JobFailures: {
    title: "Des tâches automatiques ont échoué plusieurs fois de suite",
    action:
      "Le détail de chaque essai est dans la file « JobFailures » (console AWS, SQS). Faites corriger la cause par la personne qui maintient la boutique ; les tâches reprennent d'elles-mêmes à leur prochain passage.",
  },
};

export function describeProblem(kind: ProblemKind, subject: string): { title: string; action: string } {
  switch (kind) {
    case "job_failed": {
      const job = JOB_LABELS[subject] ?? `la tâche « ${subject} »`;
      return {
        title: `Une tâche automatique a échoué : ${job}`,
        action:
          "Elle sera réessayée à son prochain passage. Si ce message reste affiché, transmettez-le à la personne qui maintient la boutique (journaux CloudWatch de la tâche, région eu-west-3).",
      };
    }
    case "function_errors":
      return {
        title: `Une partie de la boutique renvoie des erreurs (${subject})`,
        action:
          "Essayez l'action qui échouait ; si des clientes ou vous-même voyez encore des erreurs, transmettez ce message à la personne qui maintient la boutique (journaux CloudWatch, région eu-west-3).",
      };
    case "dead_letters":
      return (
        DEAD_LETTERS[subject] ?? {
          title: `Des messages ont été abandonnés après plusieurs essais (${subject})`,
          action: "Transmettez ce message à la personne qui maintient la boutique.",
        }
      );
    case "publish_failed":
      return {
        title: "La publication du site a échoué",
        action:
          "La raison est affichée dans l'encart de publication (Statistiques) : corrigez-la si elle vous concerne, puis cliquez sur « Réessayer ». Le site reste dans son état précédent en attendant.",
      };
    case "mail_bounce_rate":
      return {
        title: "Trop d'e-mails de la boutique reviennent en erreur (rebonds)",
        action:
          "Amazon SES suspend l'envoi si le taux de rebond dépasse 10 %. Les adresses refusées sont signalées sur la fiche des clientes (Clients) : demandez-leur une adresse valide et n'envoyez rien aux adresses douteuses.",
      };
    case "colissimo_secret_unreadable": {
      const secret =
        subject === "api_key" ? "La clé d'API La Poste enregistrée" : "Le mot de passe Colissimo enregistré";
      return {
        title: `${secret} ne peut pas être lu`,
        action:
          subject === "api_key"
            ? "Le suivi des colis ne peut pas interroger La Poste. Saisissez à nouveau la clé d'API dans la carte « Colissimo » de Paramètres ; si ce message reste affiché, transmettez-le à la personne qui maintient la boutique."
            : "Les étiquettes ne peuvent pas être créées, et vos clientes ne peuvent pas chercher de point relais (la livraison à domicile reste possible). Saisissez à nouveau le mot de passe dans la carte « Colissimo » de Paramètres ; si ce message reste affiché, transmettez-le à la personne qui maintient la boutique.",
      };
    }
    case "mail_complaint_rate":
      return {
        title: "Des destinataires signalent les e-mails de la boutique comme indésirables",
        action:
          "Amazon SES suspend l'envoi si le taux de plaintes dépasse 0,5 %. Les plaintes sont signalées sur la fiche des clientes (Clients) ; n'écrivez qu'aux personnes qui ont commandé ou demandé une alerte.",
      };
  }
}
