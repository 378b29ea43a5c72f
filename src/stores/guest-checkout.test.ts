import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A tab's sessionStorage, fresh for each test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Each test gets a fresh store module: it reads the tab's storage when created, as on each page load. */
async function freshStore() {
  vi.resetModules();
  return await import("./guest-checkout");
}

beforeEach(() => vi.stubGlobal("sessionStorage", memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe("« Commander sans compte » (issue 32)", () => {
  it("nothing chosen in a new tab", async () => {
    const { $guestCheckout, readGuestChoice } = await freshStore();
    expect($guestCheckout.get()).toBeNull();
    expect(readGuestChoice()).toBeNull();
  });

  it("the choice is kept for the tab (the next page reads it), fresh until the checkout has shown it", async () => {
    const first = await freshStore();
    first.chooseGuestCheckout();
    expect(first.$guestCheckout.get()).toEqual({ email: "", fresh: true });
    const next = await freshStore();
    expect(next.$guestCheckout.get()).toEqual({ email: "", fresh: true });
    next.guestCheckoutShown();
    expect((await freshStore()).$guestCheckout.get()).toEqual({ email: "", fresh: false });
  });

  it("keeps the e-mail of the last order, never the address", async () => {
    const { chooseGuestCheckout, rememberGuestEmail, GUEST_CHECKOUT_STORAGE_KEY } = await freshStore();
    rememberGuestEmail(" jeanne@example.fr ");
    expect(JSON.parse(sessionStorage.getItem(GUEST_CHECKOUT_STORAGE_KEY) ?? "null")).toEqual({
      email: "jeanne@example.fr",
      fresh: false,
    });
    chooseGuestCheckout();
    expect((await freshStore()).$guestCheckout.get()).toEqual({ email: "jeanne@example.fr", fresh: true });
  });

  it("anything malformed in the storage is no choice; a refused storage, no choice either", async () => {
    const { parseGuestChoice, readGuestChoice } = await freshStore();
    expect(parseGuestChoice(null)).toBeNull();
    expect(parseGuestChoice("{")).toBeNull();
    expect(parseGuestChoice("null")).toBeNull();
    expect(parseGuestChoice('{"email":3}')).toEqual({ email: "", fresh: false });
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(readGuestChoice()).toBeNull();
  });
});
