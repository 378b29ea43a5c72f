/** schema.org Organization (an OnlineStore) for the home page: who sells, how to reach them (JSON-LD). */
import type { PublicCompany } from "../domain/settings/settings";

/** "12 rue des Oliviers, 84000 Avignon, France" -> its parts; null when it does not read as a French address. */
export function postalAddress(address: string): Record<string, string> | null {
  const match = address.trim().match(/^(.+?),\s*(\d{5})\s+([^,]+?)(?:,\s*([^,]+))?$/);
  if (!match) return null;
  const [, street = "", postalCode = "", locality = "", country = "France"] = match;
  return {
    "@type": "PostalAddress",
    streetAddress: street.trim(),
    postalCode,
    addressLocality: locality.trim(),
    addressCountry: /^france$/i.test(country.trim()) ? "FR" : country.trim(),
  };
}

export function organizationJsonLd(
  company: Pick<PublicCompany, "name" | "email" | "phone" | "address">,
  siteUrl: string,
): Record<string, unknown> {
  const url = new URL("/", siteUrl).href;
  const address = postalAddress(company.address);
  const phone = company.phone.trim();
  const email = company.email.trim();
  return {
    "@context": "https://schema.org",
    "@type": "OnlineStore",
    "@id": `${url}#organization`,
    name: company.name,
    url,
    logo: new URL("/icons/icon-512.png", siteUrl).href,
    image: new URL("/images/og-default.png", siteUrl).href,
    ...(email ? { email } : {}),
    ...(phone ? { telephone: phone } : {}),
    ...(address ? { address } : {}),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      ...(email ? { email } : {}),
      ...(phone ? { telephone: phone } : {}),
      availableLanguage: ["French"],
      areaServed: "FR",
    },
  };
}
