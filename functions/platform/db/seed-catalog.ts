import type { Product } from "../../../src/domain/catalog/product";

/** The catalogue a new shop starts with (the FAQ's three soap tiers, a box, a large bar); ids follow this order. */

const SAPONIFIED_OILS =
  "Huile d'olive saponifiée, huile de baies de laurier saponifiée, eau, soude (entièrement transformée lors de la saponification). Sans parfum ajouté, sans colorant, sans conservateur, sans huile de palme.";

const DAILY_USE =
  "Humidifiez le savon et faites-le mousser entre vos mains. Appliquez la mousse sur le visage ou le corps en massant doucement, puis rincez à l'eau tiède. Il s'utilise aussi comme shampooing et comme savon à barbe. Entre deux utilisations, posez-le sur un porte-savon ajouré pour qu'il sèche bien.";

/*
 * Regulation (EC) 1223/2009 art. 19 (docs/decisions/015-cosmetics-information.md says what each value is based on).
 * INCI in descending order of weight as Aleppo soap labels write it; Sodium Hydroxide is listed although saponification
 * consumes it.
 */
const ALEPPO_INCI = "Sodium Olivate, Sodium Laurate, Aqua, Glycerin, Sodium Hydroxide";

const CLEANSER = "Savon nettoyant pour le visage, le corps et les cheveux";

const PRECAUTIONS =
  "Usage externe uniquement. Éviter le contact avec les yeux ; en cas de contact, rincer abondamment à l'eau claire. Ne pas avaler. Tenir hors de portée des jeunes enfants. En cas de rougeur ou d'irritation, cesser l'utilisation.";

/* Laurel-berry oil carries Annex III fragrant substances (Regulation (EU) 2023/1545): declared conservatively. */
const LAUREL_ALLERGENS =
  "Aucun parfum ajouté. Substances allergisantes présentes naturellement dans l'huile de baies de laurier : Linalool, Eugenol, Limonene.";

/** A hard soap keeps for years (art. 19(1)(c): over 30 months, so a period after opening instead of a date). */
const PAO_MONTHS = 12;

const ALEPPO_SOAP = {
  ingredients: SAPONIFIED_OILS,
  usage: DAILY_USE,
  is_active: true,
  gtin: "",
  cosmetic_function: CLEANSER,
  inci: ALEPPO_INCI,
  precautions: PRECAUTIONS,
  net_weight_g: 200,
  allergens: LAUREL_ALLERGENS,
  pao_months: PAO_MONTHS,
  durability_date: "",
};

export const seedProducts: ReadonlyArray<Omit<Product, "id" | "photos">> = [
  {
    ...ALEPPO_SOAP,
    name: "Savon d'Alep Traditionnel",
    price: 6.9,
    weight: "200g",
    image: "/images/products/savon-alep-traditionnel.svg",
    description:
      "Le savon d'Alep du quotidien : 90\u00a0% d'huile d'olive et 10\u00a0% d'huile de baies de laurier, doux pour toute la famille.",
    long_description:
      "Notre savon Standard est le plus doux de la gamme. Sa forte proportion d'huile d'olive (90\u00a0%) nourrit la peau et laisse une mousse fine et crémeuse, tandis que 10\u00a0% d'huile de baies de laurier lui apportent ses vertus purifiantes sans assécher.\n\nCuit au chaudron selon la méthode traditionnelle, coulé, découpé puis estampillé à la main, il sèche ensuite à l'air libre pendant au moins 9 mois. Sa croûte dorée protège un cœur vert olive : c'est la signature d'un vrai savon d'Alep.\n\nIdéal pour une première découverte ou pour les peaux qui aiment la douceur, il convient au visage comme au corps, chaque jour.",
    category: "Savons d'Alep",
    stock: 120,
    low_stock_threshold: 10,
    benefits: [
      "Nettoie en douceur toutes les peaux, même sensibles",
      "Nourrit et protège grâce à 90\u00a0% d'huile d'olive",
      "Convient à toute la famille, pour le visage et le corps",
      "Mousse fine et crémeuse, sans parfum ajouté",
    ],
    reference: "SAL-TRAD-200",
  },
  {
    ...ALEPPO_SOAP,
    name: "Savon d'Alep Premium",
    price: 9.9,
    weight: "200g",
    image: "/images/products/savon-alep-premium.svg",
    description:
      "L'équilibre parfait : 80\u00a0% d'huile d'olive et 20\u00a0% d'huile de baies de laurier pour apaiser les peaux sèches et réactives.",
    long_description:
      "Avec 20\u00a0% d'huile de baies de laurier, le savon Premium renforce les propriétés apaisantes et purifiantes du laurier tout en gardant la douceur de l'huile d'olive. Il convient particulièrement aux peaux sèches, qui tiraillent ou démangent.\n\nComme tous nos savons, il est fabriqué à la main en petites séries, puis affiné à l'air libre pendant au moins 9 mois. Ce long séchage rend le pain plus dur, plus doux pour la peau et plus économique à l'usage.\n\nSon parfum naturel, légèrement boisé, vient uniquement de l'huile de laurier : aucun parfum n'est ajouté.",
    category: "Savons d'Alep",
    stock: 90,
    low_stock_threshold: 10,
    benefits: [
      "Apaise les peaux sèches, irritées ou qui démangent",
      "Aide à calmer les poussées d'eczéma",
      "Purifie grâce aux vertus antiseptiques du laurier",
      "Convient au rasage et au lavage des cheveux",
    ],
    reference: "SAL-PREM-200",
  },
  {
    ...ALEPPO_SOAP,
    name: "Savon d'Alep Super Premium",
    price: 12.9,
    weight: "200g",
    image: "/images/products/savon-alep-super-premium.svg",
    description:
      "Notre savon d'exception : 75\u00a0% d'huile d'olive et 25\u00a0% d'huile de baies de laurier, pour les peaux à problèmes.",
    long_description:
      "Le Super Premium est le plus riche en huile de baies de laurier de notre gamme : 25\u00a0%. C'est la formule recherchée pour les peaux à problèmes, sujettes à l'eczéma, au psoriasis ou aux mycoses, grâce aux propriétés antifongiques et antibactériennes naturelles du laurier.\n\nL'huile de baies de laurier, précieuse et coûteuse, donne à ce savon son parfum boisé intense et sa couleur plus profonde. Séché au minimum 9 mois, il offre une mousse généreuse qui respecte l'équilibre de la peau.\n\nIl purifie aussi les peaux grasses et à tendance acnéique, et soulage les cuirs chevelus irrités ou pelliculaires lorsqu'il est utilisé en shampooing.",
    category: "Savons d'Alep",
    stock: 75,
    low_stock_threshold: 10,
    benefits: [
      "Apaise les peaux sujettes à l'eczéma et au psoriasis",
      "Propriétés antifongiques et antibactériennes naturelles",
      "Purifie les peaux grasses et à tendance acnéique",
      "Soulage le cuir chevelu irrité ou pelliculaire",
      "Peaux sensibles : sans parfum ajouté ni colorant",
    ],
    reference: "SAL-SUPR-200",
  },
  {
    ...ALEPPO_SOAP,
    name: "Coffret Découverte des Trois Savons",
    price: 26.9,
    weight: "3 × 200g",
    image: "/images/products/coffret-decouverte.svg",
    description:
      "Les trois savons de la gamme réunis dans un coffret en carton recyclé : Traditionnel, Premium et Super Premium.",
    long_description:
      "Vous hésitez entre nos trois savons ? Ce coffret réunit un pain de chaque qualité : le Traditionnel (10\u00a0% d'huile de baies de laurier), le Premium (20\u00a0%) et le Super Premium (25\u00a0%). Chacun pourra trouver celui qui convient le mieux à sa peau.\n\nPrésentés dans une boîte en carton recyclé fermée par un ruban de coton, les savons sont accompagnés d'une carte expliquant leur fabrication et leurs usages. Un cadeau naturel, utile et durable, moins cher que les trois savons achetés séparément.",
    category: "Coffrets",
    stock: 50,
    low_stock_threshold: 10,
    benefits: [
      "Trois savons pour comparer et trouver le vôtre",
      "Un cadeau naturel pour toute la famille",
      "Plus économique que les trois savons à l'unité",
      "Emballage en carton recyclé, sans plastique",
    ],
    ingredients: `Trois savons de 200g. ${SAPONIFIED_OILS}`,
    usage:
      "Commencez par le Traditionnel pour un usage quotidien, préférez le Premium pour les peaux sèches et réservez le Super Premium aux peaux à problèmes. Faites mousser entre vos mains mouillées, appliquez en massant, rincez à l'eau tiède.",
    reference: "SAL-COFF-3X200",
    cosmetic_function: "Coffret de trois savons nettoyants pour le visage, le corps et les cheveux",
    net_weight_g: 600,
  },
  {
    ...ALEPPO_SOAP,
    name: "Grand Pain d'Alep 25\u00a0% Laurier",
    price: 34.9,
    weight: "600g",
    image: "/images/products/grand-pain-alep.svg",
    description:
      "Un pain traditionnel de 600g au cœur de Super Premium (25\u00a0% d'huile de baies de laurier), à découper selon vos besoins.",
    long_description:
      "Ce grand pain est coulé et estampillé comme autrefois, dans le format que les savonniers d'Alep vendaient au marché. Il contient la même pâte que notre Super Premium : 75\u00a0% d'huile d'olive et 25\u00a0% d'huile de baies de laurier.\n\nÀ découper en trois ou quatre morceaux avec un couteau à lame fine, il fait profiter toute la maison d'un savon d'exception à un prix plus doux. Les morceaux non entamés se conservent plusieurs années et continuent de s'affiner avec le temps.",
    category: "Grands formats",
    stock: 60,
    low_stock_threshold: 10,
    benefits: [
      "La formule Super Premium dans un format familial",
      "Apaise eczéma, psoriasis et peaux irritées",
      "Action antifongique naturelle de l'huile de laurier",
      "Plus économique au gramme, se découpe facilement",
    ],
    usage: `Découpez le pain en morceaux d'environ 150g et entamez-les un par un. ${DAILY_USE}`,
    reference: "SAL-GRAND-600",
    net_weight_g: 600,
  },
];
