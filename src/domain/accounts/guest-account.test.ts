import { describe, expect, it } from "vitest";
import {
  attachedMessage,
  attachLinkExpiry,
  attachLinkRefusal,
  chunked,
  GUEST_ATTACH_LINK_INVALID,
  GUEST_ATTACH_OTHER_ACCOUNT,
  guestAccountName,
  guestAccountPasswordError,
  guestAttachPath,
  guestAttachTokenFromHash,
  guestUserId,
  isGuestUserId,
} from "./guest-account";

const token = `${"A".repeat(42)}_`;

describe("the attach link", () => {
  it("carries its token in the fragment, read back only when it looks minted", () => {
    expect(guestAttachPath(token)).toBe(`/retrouver-mes-commandes#jeton=${token}`);
    expect(guestAttachTokenFromHash(`#jeton=${token}`)).toBe(token);
    expect(guestAttachTokenFromHash(`jeton=${token}&autre=1`)).toBe(token);
    expect(guestAttachTokenFromHash("#jeton=court")).toBeNull();
    expect(guestAttachTokenFromHash(`#acces=${token}`)).toBeNull();
    expect(guestAttachTokenFromHash("")).toBeNull();
  });

  it("works 24 hours", () => {
    expect(attachLinkExpiry(new Date("2025-03-01T10:00:00Z")).toISOString()).toBe("2025-03-02T10:00:00.000Z");
  });
});

describe("attachLinkRefusal", () => {
  const now = new Date("2025-03-01T10:00:00Z");
  const account = { id: "U1", email: "lina@example.fr" };
  const link = { user_id: "U1", email: "lina@example.fr", expires_at: "2025-03-01T12:00:00Z" };

  it("lets a fresh link of this account and e-mail attach", () => {
    expect(attachLinkRefusal(link, account, now)).toBeNull();
  });

  it.each([
    ["unknown", null],
    ["used", { ...link, used_at: "2025-03-01T09:00:00Z" }],
    ["expired", { ...link, expires_at: "2025-03-01T10:00:00Z" }],
    ["for an e-mail the account no longer has", { ...link, email: "ancienne@example.fr" }],
  ])("refuses a link %s", (_, record) => {
    expect(attachLinkRefusal(record, account, now)).toBe(GUEST_ATTACH_LINK_INVALID);
  });

  it("says when the link is another account's", () => {
    expect(attachLinkRefusal({ ...link, user_id: "U2" }, account, now)).toBe(GUEST_ATTACH_OTHER_ACCOUNT);
  });
});

describe("guestAccountName", () => {
  it("takes the order's name, else the delivery address's", () => {
    expect(guestAccountName({ customer_name: " Lina Moreau " })).toBe("Lina Moreau");
    expect(
      guestAccountName({ customer_name: "", shipping_address: { first_name: "Lina", last_name: " Moreau" } }),
    ).toBe("Lina Moreau");
    expect(guestAccountName({})).toBe("");
  });
});

describe("attachedMessage", () => {
  it("counts in French", () => {
    expect(attachedMessage(1)).toBe("1 commande ajoutée à votre compte.");
    expect(attachedMessage(20)).toBe("20 commandes ajoutées à votre compte.");
    expect(attachedMessage(0)).toMatch(/^Aucune commande/);
  });
});

describe("chunked", () => {
  it("cuts in runs of at most the size, in order", () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([], 99)).toEqual([]);
    expect(
      chunked(
        Array.from({ length: 198 }, (_, i) => i),
        99,
      ).map((run) => run.length),
    ).toEqual([99, 99]);
  });
});

describe("guestAccountPasswordError", () => {
  it("asks for a password of at least 6 characters", () => {
    expect(guestAccountPasswordError("")).toBe("Choisissez un mot de passe.");
    expect(guestAccountPasswordError("12345")).toBe("Le mot de passe doit contenir au moins 6 caractères.");
    expect(guestAccountPasswordError("123456")).toBeNull();
  });
});

describe("a guest's user id", () => {
  it("is her normalised e-mail, apart from any account id", () => {
    expect(guestUserId("  Lina.Moreau@Example.FR ")).toBe("guest:lina.moreau@example.fr");
    expect(isGuestUserId(guestUserId("lina@example.fr"))).toBe(true);
    expect(isGuestUserId("01JABCDEF")).toBe(false);
  });
});
