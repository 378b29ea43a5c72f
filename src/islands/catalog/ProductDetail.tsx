import type { ReactNode } from "react";
import { durabilityLabel } from "../../domain/catalog/cosmetics";
import type { ProductView as Product } from "../../domain/catalog/product-rules";
import { paragraphs, priceLabel, type ShippingInfo } from "../../lib/product-view";

/** The manufacturer, who is also the responsible person (company settings; GPSR art. 19(a), 1223/2009 art. 19(1)(a)). */
export interface Manufacturer {
  name: string;
  address: string;
  email: string;
}

interface Props {
  product: Product;
  shipping: ShippingInfo;
  manufacturer: Manufacturer;
  /**
   * The buy box (price, stock, add to cart): static HTML brought to life by a framework-free script on prebuilt
   * pages (src/scripts/storefront/buy-box.ts), a React child in the shell.
   */
  buyBox?: ReactNode;
  /**
   * The photo gallery when the product has photos (on prebuilt pages, with src/scripts/storefront/gallery.ts);
   * else its picture.
   */
  gallery?: ReactNode;
}

const certifications = [
  "100 % naturel, sans conservateur",
  "Sans huile de palme",
  "Sans parfum ni colorant ajoutés",
  "Vegan : aucun ingrédient d'origine animale",
  "Non testé sur les animaux",
  "Fabrication artisanale, séchage naturel de 9 mois minimum",
];

const careTips = [
  "Entre deux utilisations, posez le savon sur un porte-savon ajouré pour qu'il sèche : il durera bien plus longtemps.",
  "Conservez vos savons d'avance dans un endroit sec et aéré, à l'abri de la lumière directe.",
  "La croûte dorée peut pâlir ou foncer avec le temps : c'est naturel, le cœur vert reste intact.",
  "Peau très sensible ? Faites d'abord un essai sur une petite zone.",
  "Évitez le contact avec les yeux ; en cas de contact, rincez abondamment à l'eau claire.",
];

/**
 * The product's own picture, where it has no photos (the seed's pictures, products made before photos): the
 * prebuilt page passes it as its gallery, the shell uses it when it is given none.
 */
export function ProductPicture({ product }: { product: Pick<Product, "image" | "name"> }) {
  return (
    <img
      src={product.image}
      alt={product.name}
      width={800}
      height={800}
      fetchPriority="high"
      className="aspect-square w-full rounded-3xl border border-cream-300 bg-cream-100 object-cover shadow-sm"
    />
  );
}

/**
 * The product page body, written once: rendered to static HTML by Astro on prebuilt pages and rendered in the
 * browser by the shell page for products created after the build. Holds no state of its own.
 */
export function ProductDetail({ product, shipping, manufacturer, buyBox, gallery }: Props) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <nav aria-label="Fil d'Ariane" className="text-sm text-ink-soft">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <a href="/" className="rounded-sm underline-offset-4 hover:text-olive-800 hover:underline">
              Accueil
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <a
              href="/#products"
              className="rounded-sm underline-offset-4 hover:text-olive-800 hover:underline"
            >
              Nos savons
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <div className="lg:sticky lg:top-24 lg:self-start">
          {gallery ?? <ProductPicture product={product} />}
        </div>

        <div>
          {product.category && (
            <p className="text-sm font-semibold tracking-widest text-olive-600 uppercase">
              {product.category}
            </p>
          )}
          <h1 className="mt-2 font-serif text-3xl leading-tight font-semibold text-olive-900 sm:text-4xl">
            {product.name}
          </h1>
          <p className="mt-2 text-ink-soft">Poids : {product.weight}</p>
          <p className="mt-4 text-lg leading-relaxed text-ink">{product.description}</p>

          {/* The buy box: price, unit price, stock, add to cart, and the waitlist when out of stock. */}
          <div className="mt-6">{buyBox}</div>

          {product.benefits.length > 0 && (
            <section aria-labelledby="benefits-title" className="mt-8">
              <h2 id="benefits-title" className="font-serif text-xl font-semibold text-olive-800">
                Bienfaits
              </h2>
              <ul className="mt-3 space-y-2">
                {product.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 leading-relaxed">
                    <CheckIcon />
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section
            aria-labelledby="shipping-title"
            className="mt-8 rounded-2xl border border-cream-300 bg-cream-100 p-5"
          >
            <h2 id="shipping-title" className="font-serif text-xl font-semibold text-olive-800">
              Livraison et retours
            </h2>
            <ul className="mt-3 space-y-2 text-[0.95rem] leading-relaxed text-ink">
              <li>
                Livraison {shipping.shippingCompany} en <span className="whitespace-nowrap">2-3 jours</span>{" "}
                ouvrés en France métropolitaine
              </li>
              <li>
                Préparation de votre commande sous <span className="whitespace-nowrap">24-48 h</span>
              </li>
              <li>
                Livraison offerte dès {priceLabel(shipping.freeShippingThreshold)} d'achat, sinon{" "}
                {priceLabel(shipping.standardCost)}
              </li>
              <li>Retours acceptés sous 14 jours après réception, pour les produits non utilisés</li>
              <li>Remboursement ou échange sous 7 jours ouvrés</li>
            </ul>
            <a
              href="/returns-and-exchanges"
              className="mt-3 inline-block rounded-sm font-medium text-olive-700 underline underline-offset-4 hover:text-olive-900"
            >
              Notre politique de retours
            </a>
          </section>
        </div>
      </div>

      <div className="mt-14 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="long-description-title" className="lg:col-span-2">
          <h2 id="long-description-title" className="font-serif text-2xl font-semibold text-olive-900">
            Description détaillée
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink">
            {paragraphs(product.long_description || product.description).map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        </section>

        <aside aria-labelledby="certifications-title" className="rounded-2xl bg-olive-800 p-6 text-olive-50">
          <h2 id="certifications-title" className="font-serif text-xl font-semibold text-cream-50">
            Certifications et engagements
          </h2>
          <ul className="mt-3 space-y-2">
            {certifications.map((item) => (
              <li key={item} className="flex gap-3 leading-relaxed">
                <CheckIcon className="text-olive-200" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <p className="mt-5 border-t border-olive-600 pt-4 font-semibold text-cream-50">
            Durée de conservation : 2 à 3 ans
          </p>
        </aside>
      </div>

      <div className="mt-12 grid gap-8 md:grid-cols-2">
        <CompositionBlock product={product} />
        <SafetyBlock product={product} manufacturer={manufacturer} />
      </div>

      <section
        aria-labelledby="care-title"
        className="mt-8 rounded-2xl border border-cream-300 bg-cream-100 p-6"
      >
        <h2 id="care-title" className="font-serif text-xl font-semibold text-olive-800">
          Conseils d'utilisation et de conservation
        </h2>
        <ul className="mt-3 grid gap-x-8 gap-y-2 md:grid-cols-2">
          {careTips.map((tip) => (
            <li key={tip} className="flex gap-3 leading-relaxed">
              <CheckIcon />
              <span>{tip}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * « Composition et utilisation »: what a cosmetic's label says, before purchase (Code de la consommation L111-1;
 * Regulation (EC) 1223/2009 art. 19(1); fragrance allergens, Regulation (EU) 2023/1545). Every value is the
 * owner's text, printed as text. A product stored before these fields existed shows the rows it has.
 */
function CompositionBlock({ product }: { product: Product }) {
  const rows: [string, string][] = [
    ["Fonction", product.cosmetic_function],
    ["Ingrédients (INCI)", product.inci],
    ["Allergènes", product.allergens],
    ["Précautions d'emploi", product.precautions],
    ["Quantité nominale", product.net_weight_g > 0 ? `${product.net_weight_g} g` : ""],
    [
      product.pao_months > 0 ? "Durée d'utilisation après ouverture" : "Date de durabilité minimale",
      durabilityLabel(product),
    ],
    ["Composition détaillée", product.ingredients],
    ["Mode d'emploi", product.usage],
  ];
  return <InfoSection id="composition" testId="composition" title="Composition et utilisation" rows={rows} />;
}

/**
 * « Sécurité du produit » (Regulation (EU) 2023/988 art. 19): the manufacturer's name, postal and electronic
 * address, the product's identification (picture above, type, identifier) and its warnings in French.
 */
function SafetyBlock({ product, manufacturer }: { product: Product; manufacturer: Manufacturer }) {
  const rows: [string, string][] = [
    ["Fabricant et personne responsable", manufacturer.name],
    ["Adresse postale", manufacturer.address],
    ["Adresse électronique", manufacturer.email],
    ["Produit", [product.name, product.weight].filter(Boolean).join(", ")],
    ["Référence", product.reference],
    ["Code EAN", product.gtin],
    ["Avertissements", product.precautions],
  ];
  return <InfoSection id="safety" testId="product-safety" title="Sécurité du produit" rows={rows} />;
}

/** A titled block of the page's information (composition, safety): its heading, then its labelled rows. */
function InfoSection({
  id,
  testId,
  title,
  rows,
}: {
  id: string;
  testId: string;
  title: string;
  rows: [string, string][];
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      className="rounded-2xl border border-cream-300 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl font-semibold text-olive-800">
        {title}
      </h2>
      <InfoList rows={rows} />
    </section>
  );
}

function InfoList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-3 space-y-3">
      {rows
        .filter(([, value]) => value.trim() !== "")
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-olive-700">{label}</dt>
            <dd className="leading-relaxed whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function CheckIcon({ className = "text-olive-600" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`mt-1 size-5 shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 10.5l4 4 8-9" />
    </svg>
  );
}
