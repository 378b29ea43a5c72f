/**
 * The accessibility statement's text (/accessibilite), section by section in the order of the
 * RGAA's model statement, built from the facts of src/domain/legal/accessibility-statement.ts and the shop's contact
 * settings. The page only prints these sections; the unit test reads the same ones.
 */
import {
  ACCESSIBILITY_AUDIT,
  type AccessibilityAudit,
  type ConformityStatus,
  conformityRate,
  conformityStatus,
  DEFENDER_OF_RIGHTS,
  NOT_ACCESSIBLE,
  RGAA_VERSION,
  SELF_ASSESSMENT,
} from "../domain/legal/accessibility-statement";
import { type ContactFacts, contactMeans } from "./contact-text";
import { html, type SafeHtml } from "./safe-html";

export interface StatementSection {
  id: string;
  title: string;
  body: SafeHtml;
}

export interface StatementInput {
  shopName: string;
  /** The site's origin, e.g. https://savon.example (the statement names the site it applies to). */
  siteUrl: string;
  contact: ContactFacts;
  /** The RGAA audit, ACCESSIBILITY_AUDIT by default (tests pass their own). */
  audit?: AccessibilityAudit | null;
  /** The self-assessment, SELF_ASSESSMENT by default. */
  assessment?: typeof SELF_ASSESSMENT;
}

export interface Statement {
  status: ConformityStatus;
  sections: StatementSection[];
}

/** "27 novembre 2026" from "2026-11-27". */
export function frenchDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Paris",
  });
}

const list = (items: readonly string[]) => html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;

export function accessibilityStatement(input: StatementInput): Statement {
  const audit = input.audit === undefined ? ACCESSIBILITY_AUDIT : input.audit;
  const assessment = input.assessment ?? SELF_ASSESSMENT;
  const status = conformityStatus(audit);
  const rate = conformityRate(audit);
  const site = input.siteUrl.replace(/\/$/, "");
  const checked = frenchDate(assessment.date);
  const sections: StatementSection[] = [];

  sections.push({
    id: "etat",
    title: "État de conformité",
    body: audit
      ? html`<p>Le site ${site} est <strong>${status}</strong> avec le référentiel général d'amélioration de
          l'accessibilité (RGAA), version ${RGAA_VERSION}${status === "totalement conforme" ? "" : html`, en raison des non-conformités énumérées ci-dessous`}.</p>`
      : html`<p>Le site ${site} est <strong>${status}</strong> avec le référentiel général d'amélioration de
          l'accessibilité (RGAA), version ${RGAA_VERSION}, car il n'existe aucun résultat d'audit en cours de validité
          permettant de mesurer le respect de ses critères : le RGAA réserve les mentions « totalement conforme » et
          « partiellement conforme » à un audit de ses 106 critères, que la boutique n'a pas encore fait réaliser.</p>
          <p>Cela ne veut pas dire que le site est inutilisable : chaque évolution est vérifiée par des tests
          automatisés et des parcours au clavier, décrits ci-dessous. Nous visons le niveau AA des règles WCAG 2.2 sur
          toutes les pages de la boutique.</p>`,
  });

  sections.push({
    id: "resultats",
    title: "Résultats des tests",
    body: html`${
      audit && rate !== null
        ? html`<p>L'audit de conformité réalisé le ${frenchDate(audit.date)} par ${audit.auditor} révèle que
            <strong>${rate} %</strong> des critères du RGAA version ${RGAA_VERSION} sont respectés
            (${Math.min(audit.criteriaMet, audit.criteriaApplicable)} critères sur ${audit.criteriaApplicable}
            applicables).</p>`
        : html`<p>En l'absence d'audit de conformité, il n'y a pas de taux de conformité au RGAA.</p>`
    }<p>Notre autoévaluation du ${checked} : l'outil axe-core vérifie automatiquement les règles WCAG 2.0, 2.1 et 2.2
      de niveaux A et AA sur les pages suivantes, sans aucune erreur relevée :</p>
      ${list(assessment.pages)}
      <p>Des parcours complets sont aussi joués au clavier seul dans un navigateur réel (fenêtres de dialogue,
      onglets, galerie de photos, questions fréquentes, formulaires) : l'ordre de tabulation, le piège du focus dans
      les fenêtres, la touche Échap et le retour du focus sont vérifiés. Les tests automatisés ne couvrent qu'une
      partie des critères : la lisibilité avec un lecteur d'écran, par exemple, n'a pas été évaluée par une
      personne.</p>`,
  });

  const nonConformities = NOT_ACCESSIBLE.nonConformities;
  sections.push({
    id: "contenus-non-accessibles",
    title: "Contenus non accessibles",
    body: html`<h3>Non-conformités connues</h3>
      ${nonConformities.length > 0 ? list(nonConformities) : html`<p>Aucune connue à ce jour.</p>`}
      <h3>Dérogations pour charge disproportionnée</h3>
      ${NOT_ACCESSIBLE.disproportionateBurden.length > 0 ? list(NOT_ACCESSIBLE.disproportionateBurden) : html`<p>Aucune.</p>`}
      <h3>Contenus non soumis à l'obligation d'accessibilité</h3>
      ${list(NOT_ACCESSIBLE.notSubject)}`,
  });

  sections.push({
    id: "etablissement",
    title: "Établissement de cette déclaration",
    body: html`<p>Cette déclaration a été établie le ${checked}.</p>
      <h3>Technologies utilisées pour la réalisation du site</h3>
      ${list(assessment.technologies)}
      <h3>Environnement de test</h3>
      <p>Les vérifications ont été faites avec :</p>
      ${list(assessment.browsers)}
      <h3>Outils pour évaluer l'accessibilité</h3>
      ${list(assessment.tools)}`,
  });

  const means = contactMeans(input.contact, { subject: "Accessibilité", post: true });
  if (means)
    sections.push({
      id: "contact",
      title: "Retour d'information et contact",
      body: html`<p>Si vous ne parvenez pas à accéder à un contenu ou à un service de ${input.shopName}, contactez-nous
        ${means}. Décrivez la page et la difficulté rencontrée : nous vous répondrons et vous proposerons une autre
        façon d'obtenir l'information ou de passer commande.</p>`,
    });

  sections.push({
    id: "recours",
    title: "Voies de recours",
    body: html`<p>Si vous nous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à
      un service et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez :</p>
      <ul>
        <li>écrire un message au Défenseur des droits, par son
          <a href="${DEFENDER_OF_RIGHTS.form}" target="_blank" rel="noopener">formulaire en ligne<span class="sr-only"> (nouvel onglet)</span></a> ;</li>
        <li>contacter le
          <a href="${DEFENDER_OF_RIGHTS.delegates}" target="_blank" rel="noopener">délégué du Défenseur des droits dans votre région<span class="sr-only"> (nouvel onglet)</span></a> ;</li>
        <li>envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : ${DEFENDER_OF_RIGHTS.post}.</li>
      </ul>`,
  });

  return { status, sections };
}
