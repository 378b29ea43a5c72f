import { describe, expect, it } from "vitest";
import { labelRefusalMessage } from "./refusal-message";
import { parseLabelResponse } from "./response";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("labelRefusalMessage", () => {
  it("says what to do for the frequent ids, with the code", () => {
    expect(
      labelRefusalMessage([{ id: "30000", messageContent: "Identifiant ou mot de passe incorrect" }]),
    ).toBe(
      "Colissimo a refusé l'étiquette : le numéro de contrat ou le mot de passe Colissimo est refusé, " +
        "vérifiez-les dans Paramètres (code 30000).",
    );
    expect(
      labelRefusalMessage([
        { id: "30220", messageContent: "Le numéro de portable du destinataire n'a pas été transmis" },
      ]),
    ).toBe(
      "Colissimo a refusé l'étiquette : le numéro de portable du client manque, il est obligatoire pour un point " +
        "retrait (code 30220).",
    );
  });

  it("keeps SLS's own text for the other ids, and lists every message", () => {
    expect(
      labelRefusalMessage([
        { id: "30600", messageContent: "Le champ line2 contient un caractère # non valide." },
        { id: "30211", messageContent: "Le code postal du destinataire est incorrect" },
      ]),
    ).toBe(
      "Colissimo a refusé l'étiquette : Le champ line2 contient un caractère # non valide (code 30600) ; " +
        "le code postal du client est incorrect (code 30211).",
    );
    expect(labelRefusalMessage([{ id: "", messageContent: "" }])).toBe(
      "Colissimo a refusé l'étiquette : raison non précisée.",
    );
    expect(labelRefusalMessage([])).toBe("Colissimo a refusé l'étiquette sans en donner la raison.");
  });

  it("tells the owner to look for the label before retrying after an unreadable answer", () => {
    const answer = parseLabelResponse(bytes("<html>502</html>"), "text/html");
    expect(answer.ok).toBe(false);
    if (!answer.ok)
      expect(labelRefusalMessage(answer.messages)).toBe(
        "La réponse de Colissimo est illisible (la réponse de Colissimo n'est pas lisible). Vérifiez dans votre " +
          "espace Colissimo si l'étiquette a été créée avant de réessayer.",
      );
  });
});
