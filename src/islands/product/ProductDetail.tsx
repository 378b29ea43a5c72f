import type { ReactNode } from "react";
import type { Product } from "../../domain/product";
import { paragraphs, priceLabel, type ShippingInfo } from "../../lib/product-view";

interface Props {
  product: Product;
  shipping: ShippingInfo;
  /** The interactive buy box (price, stock, add to cart): an island on prebuilt pages, a child in the shell. */
  buyBox?: ReactNode;
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
 * The product page body, written once: rendered to static HTML by Astro on prebuilt pages and rendered in the
 * browser by the shell page for products created after the build. Holds no state of its own.
 */
export function ProductDetail({ product, shipping, buyBox }: Props) {
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
          <img
            src={product.image}
            alt={product.name}
            width={800}
            height={800}
            fetchPriority="high"
            className="aspect-square w-full rounded-3xl border border-cream-300 bg-cream-100 object-cover shadow-sm"
          />
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
        <section
          aria-labelledby="ingredients-title"
          className="rounded-2xl border border-cream-300 bg-white p-6"
        >
          <h2 id="ingredients-title" className="font-serif text-xl font-semibold text-olive-800">
            Ingrédients
          </h2>
          <p className="mt-3 leading-relaxed">{product.ingredients}</p>
        </section>
        <section aria-labelledby="usage-title" className="rounded-2xl border border-cream-300 bg-white p-6">
          <h2 id="usage-title" className="font-serif text-xl font-semibold text-olive-800">
            Utilisation
          </h2>
          <p className="mt-3 leading-relaxed">{product.usage}</p>
        </section>
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
