/**
 * A delivery address in France as a customer fills it in: the one every test customer is given (API tests, the
 * end-to-end journeys, the API benchmark), under the customer's own name where a test sets one.
 */
export const FRENCH_ADDRESS = {
  first_name: "Lina",
  last_name: "Moreau",
  phone: "06 11 22 33 44",
  address_line1: "5 rue du Four",
  city: "Marseille",
  postal_code: "13001",
} as const;
