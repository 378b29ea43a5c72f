/** Test fixtures shared by the tests of this folder (imported only by them): cart lines and a guest's details. */
import type { Cart } from "../cart/cart";
import type { GuestForm } from "./guest-form";

export const line = (id: number, price: string, quantity: number, stock = 50) => ({
  id,
  name: `Savon ${id}`,
  price,
  weight: "200g",
  image: `/images/${id}.jpg`,
  quantity,
  stock,
});

export const cart: Cart = [line(1, "6.90", 2), line(3, "12.90", 1)];

export const jeanne: GuestForm = {
  email: " Jeanne@Example.fr ",
  address: {
    first_name: " Jeanne ",
    last_name: "Martin",
    phone: "06 12 34 56 78",
    address_line1: "3 rue des Oliviers",
    address_line2: " ",
    city: "Lyon",
    postal_code: "69001",
    country: "France",
  },
};
