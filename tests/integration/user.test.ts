import { describe, expect, it } from "vitest";
import { userEntity } from "../../functions/accounts/user-entity";
import { createTestContext } from "../setup/test-db";

const ctx = await createTestContext();

async function call(method: string, path: string, token: string, body?: unknown) {
  return ctx.app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

let counter = 0;
async function customer(): Promise<string> {
  const email = `user${++counter}@example.fr`;
  const json = { "content-type": "application/json" };
  await ctx.app.request("/api/auth/signup", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "secret12", fullName: "Camille Roux" }),
  });
  const response = await ctx.app.request("/api/auth/signin", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "secret12" }),
  });
  return ((await response.json()) as { token: string }).token;
}

const home = {
  first_name: "Camille",
  last_name: "Roux",
  phone: "06 12 34 56 78",
  address_line1: "8 place du Marché",
  city: "Avignon",
  postal_code: "84000",
};
type Address = { id: string; is_default: boolean; phone: string; city: string };

describe("profile", () => {
  it("reads and edits the full name and phone, never the e-mail", async () => {
    const token = await customer();
    const before = (await (await call("GET", "/api/user/profile", token)).json()) as { email: string };
    expect(before).toMatchObject({ full_name: "Camille Roux", phone: "", is_admin: false });

    const updated = await call("PUT", "/api/user/profile", token, {
      full_name: "Camille Roux-Martin",
      phone: "0612345678",
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      full_name: "Camille Roux-Martin",
      phone: "+33612345678",
      email: before.email,
    });

    const sneaky = await call("PUT", "/api/user/profile", token, {
      full_name: "X",
      phone: "",
      email: "autre@example.fr",
    });
    expect(sneaky.status).toBe(400);
    const admin = await call("PUT", "/api/user/profile", token, {
      full_name: "X",
      phone: "",
      is_admin: true,
    });
    expect(admin.status).toBe(400);
    expect(
      ((await (await call("GET", "/api/user/profile", token)).json()) as { is_admin: boolean }).is_admin,
    ).toBe(false);
  });

  it("refuses an invalid phone with a French field message", async () => {
    const token = await customer();
    const response = await call("PUT", "/api/user/profile", token, { full_name: "X", phone: "123" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.phone).toBe(
      "Numéro de téléphone invalide (10 chiffres).",
    );
  });

  it("answers 401 to every /api/user route without a session", async () => {
    for (const [method, path] of [
      ["GET", "/api/user/profile"],
      ["PUT", "/api/user/profile"],
      ["GET", "/api/user/addresses"],
      ["POST", "/api/user/addresses"],
      ["PUT", "/api/user/addresses/01J00000000000000000000000"],
      ["DELETE", "/api/user/addresses/01J00000000000000000000000"],
    ] as const) {
      const response = await ctx.app.request(path, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("address book", () => {
  it("makes the first address the default, then switches the default so that exactly one is", async () => {
    const token = await customer();
    const first = (await (await call("POST", "/api/user/addresses", token, home)).json()) as Address;
    expect(first).toMatchObject({
      is_default: true,
      phone: "+33612345678",
      country: "France",
      address_line2: null,
    });

    const secondResponse = await call("POST", "/api/user/addresses", token, {
      ...home,
      city: "Lyon",
      postal_code: "69001",
    });
    expect(secondResponse.status).toBe(201);
    const second = (await secondResponse.json()) as Address;
    expect(second.is_default).toBe(false);

    expect((await call("PUT", `/api/user/addresses/${second.id}`, token, { is_default: true })).status).toBe(
      200,
    );
    const list = (await (await call("GET", "/api/user/addresses", token)).json()) as Address[];
    expect(list.filter((a) => a.is_default).map((a) => a.id)).toEqual([second.id]);
    expect(list[0]?.id).toBe(second.id);
  });

  it("keeps exactly one default when defaults are switched concurrently", async () => {
    const token = await customer();
    const ids: string[] = [];
    for (const city of ["Paris", "Nice", "Metz", "Caen"]) {
      ids.push(
        ((await (await call("POST", "/api/user/addresses", token, { ...home, city })).json()) as Address).id,
      );
    }
    await Promise.all(ids.map((id) => call("PUT", `/api/user/addresses/${id}`, token, { is_default: true })));
    const list = (await (await call("GET", "/api/user/addresses", token)).json()) as Address[];
    expect(list.filter((a) => a.is_default)).toHaveLength(1);
  });

  it("edits an address and validates it", async () => {
    const token = await customer();
    const address = (await (await call("POST", "/api/user/addresses", token, home)).json()) as Address;
    const edited = await call("PUT", `/api/user/addresses/${address.id}`, token, {
      ...home,
      city: "Orange",
      address_line2: "Bât. B",
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ city: "Orange", address_line2: "Bât. B", is_default: true });

    const invalid = await call("PUT", `/api/user/addresses/${address.id}`, token, {
      ...home,
      postal_code: "ABC",
    });
    expect(invalid.status).toBe(400);
  });

  it("deletes the default and hands the default to the remaining address", async () => {
    const token = await customer();
    const first = (await (await call("POST", "/api/user/addresses", token, home)).json()) as Address;
    const second = (await (
      await call("POST", "/api/user/addresses", token, { ...home, city: "Lyon", postal_code: "69001" })
    ).json()) as Address;
    expect((await call("DELETE", `/api/user/addresses/${first.id}`, token)).status).toBe(204);
    const list = (await (await call("GET", "/api/user/addresses", token)).json()) as Address[];
    expect(list).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
  });

  it("answers 404 for another customer's address and changes nothing", async () => {
    const owner = await customer();
    const intruder = await customer();
    const address = (await (await call("POST", "/api/user/addresses", owner, home)).json()) as Address;

    expect(
      (await call("PUT", `/api/user/addresses/${address.id}`, intruder, { ...home, city: "Volé" })).status,
    ).toBe(404);
    expect(
      (await call("PUT", `/api/user/addresses/${address.id}`, intruder, { is_default: true })).status,
    ).toBe(404);
    expect((await call("DELETE", `/api/user/addresses/${address.id}`, intruder)).status).toBe(404);
    expect(await (await call("GET", "/api/user/addresses", intruder)).json()).toEqual([]);
    // The intruder's default pointer was not set to someone else's address.
    const intruderId = ((await (await call("GET", "/api/user/profile", intruder)).json()) as { id: string })
      .id;
    expect((await userEntity(ctx.db).get({ id: intruderId }).go()).data?.default_address_id).toBeUndefined();

    const list = (await (await call("GET", "/api/user/addresses", owner)).json()) as Address[];
    expect(list).toEqual([expect.objectContaining({ id: address.id, city: "Avignon", is_default: true })]);
  });

  it("answers 404 for a made-up address id, never a 500", async () => {
    const token = await customer();
    for (const id of ["nope", "01J00000000000000000000000", "../../x"]) {
      expect((await call("DELETE", `/api/user/addresses/${encodeURIComponent(id)}`, token)).status).toBe(404);
    }
  });

  it("refuses fields the customer must not set (user_id)", async () => {
    const token = await customer();
    expect((await call("POST", "/api/user/addresses", token, { ...home, user_id: "other" })).status).toBe(
      400,
    );
  });
});
