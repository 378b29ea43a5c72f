/** In-page sections of the home page, in the header's order (spec 2, "Header and navigation"). */
export const homeSections = [
  { id: "home", label: "Accueil" },
  { id: "products", label: "Produits" },
  { id: "about", label: "À propos" },
  { id: "history", label: "Histoire" },
] as const;

export type HomeSectionId = (typeof homeSections)[number]["id"];

/** On the home page a section link scrolls in place; elsewhere it goes to /#section. */
export function sectionHref(id: HomeSectionId, isHome: boolean): string {
  return isHome ? `#${id}` : `/#${id}`;
}
