/**
 * No owner- or customer-written text is ever inserted as HTML (issue 14). Astro's `{value}` and React's `{value}`
 * escape; only `set:html` and `dangerouslySetInnerHTML` (and the DOM's own HTML sinks) insert a string as markup.
 * Every such insertion in src/ and functions/ must be on the list below, with the value it inserts and why that value
 * is safe; a new one fails this test until it is reviewed and listed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");

interface Allowed {
  file: string;
  /** The inserted expression, whitespace collapsed. */
  value: string;
  reason: string;
}

const INLINE_SCRIPT =
  "an inline script read from our own source file (?raw import of src/scripts/inline/), no data";
const JSON_LD =
  "JSON-LD serialized by serializeJsonLd, which escapes every < so no text can close the script";

const SAFE_HTML =
  "a SafeHtml made by the html tagged template (src/lib/safe-html.ts): every value put into it escaped";
/** The contact sentences built from the shop's settings (src/lib/contact-text.ts, issue 28 item 14): SafeHtml. */
const CONTACT = `${SAFE_HTML}; built by src/lib/contact-text.ts from the shop's settings`;

const ALLOWED: Allowed[] = [
  { file: "src/layouts/BaseLayout.astro", value: "inline(pageBootSource)", reason: INLINE_SCRIPT },
  { file: "src/layouts/BaseLayout.astro", value: "inline(deferredAssetsSource)", reason: INLINE_SCRIPT },
  {
    file: "src/components/shop/CheckoutScreen.astro",
    value: 'compiledInlineScript("checkout-first-step.ts")',
    reason:
      "an inline script compiled by esbuild from our own TypeScript (src/scripts/inline/compile.ts, checkout-first-step.ts), no data",
  },
  {
    file: "src/components/site/AppScreen.astro",
    value: 'compiledInlineScript("session-hint.ts")',
    reason:
      "an inline script compiled by esbuild from our own TypeScript (src/scripts/inline/compile.ts, session-hint.ts), no data",
  },
  { file: "src/layouts/BaseLayout.astro", value: "organization", reason: JSON_LD },
  { file: "src/pages/product/[id].astro", value: "jsonLd", reason: JSON_LD },
  {
    file: "src/islands/catalog/ProductCard.tsx",
    value: "{ __html: serializeJsonLd(productJsonLd(product, siteUrl)) }",
    reason: JSON_LD,
  },
  {
    file: "src/pages/faq.astro",
    value: "item.answer.value",
    reason: SAFE_HTML,
  },
  { file: "src/pages/faq.astro", value: "inlineScriptText(faqAccordionSource)", reason: INLINE_SCRIPT },
  { file: "src/pages/faq.astro", value: "contact.value", reason: CONTACT },
  { file: "src/pages/cgv.astro", value: "notice.value", reason: CONTACT },
  { file: "src/pages/cgv.astro", value: "service.value", reason: CONTACT },
  { file: "src/pages/copyright.astro", value: "report.value", reason: CONTACT },
  { file: "src/pages/legal-mentions.astro", value: "rights.value", reason: CONTACT },
  { file: "src/pages/returns-and-exchanges.astro", value: "returnRequest.value", reason: CONTACT },
  { file: "src/pages/returns-and-exchanges.astro", value: "mail.value", reason: CONTACT },
  { file: "src/pages/returns-and-exchanges.astro", value: "contact.value", reason: CONTACT },
  {
    file: "src/pages/accessibilite.astro",
    value: "section.body.value",
    reason: `${SAFE_HTML}; the statement's sections (src/lib/accessibility-statement.ts)`,
  },
  { file: "src/pages/404.astro", value: "inlineScriptText(historyBackSource)", reason: INLINE_SCRIPT },
  { file: "src/pages/offline.astro", value: "inlineScriptText(offlineRetrySource)", reason: INLINE_SCRIPT },
  {
    file: "src/components/shop/CartScreen.astro",
    value: "cartBootScript",
    reason:
      "an inline script compiled by esbuild from our own TypeScript (src/scripts/inline/compile.ts, cart-boot.ts), no data",
  },
  {
    file: "src/components/shop/CartScreen.astro",
    value: "emptyCart.value",
    reason: `${SAFE_HTML}; the empty cart printed by src/lib/cart-view.ts`,
  },
  {
    file: "src/components/shop/CartScreen.astro",
    value: "samples.value",
    reason: `${SAFE_HTML}; the cart's forms on sample data, for the critical CSS only (dropped by the build)`,
  },
  {
    file: "src/scripts/inline/cart-boot.ts",
    value: "view.value;",
    reason: `${SAFE_HTML}; the stored cart printed by src/lib/cart-view.ts, which escapes every stored text`,
  },
  {
    file: "src/scripts/storefront/product-grid.ts",
    value: "announced.value;",
    reason: `${SAFE_HTML}; a card's reduction printed by src/lib/price-announcement-view.ts from the API's numbers`,
  },
  {
    file: "src/scripts/storefront/morph.ts",
    value: "markup.value;",
    reason: `${SAFE_HTML}: morph() takes nothing else (the cart page's view, src/lib/cart-view.ts)`,
  },
];

/** Inline-script entries: the inserted identifier must be a ?raw import of a file of src/scripts/inline/. */
const INLINE_CALL = /^(?:inline|inlineScriptText)\((\w+)\)$/;

/**
 * Markup sinks: Astro's and React's raw-HTML props, and the DOM's (islands render with React; the framework-free cart
 * page only SafeHtml).
 */
const SINK =
  /set:html|dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|createContextualFragment/g;

function sourceFiles(folder: string): string[] {
  return (readdirSync(join(root, folder), { recursive: true }) as string[])
    .filter((file) => /\.(astro|tsx?|jsx?|mjs|cjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

/** A line that is only a comment: a mention, not a use. */
function inComment(text: string, index: number): boolean {
  const line = text.slice(text.lastIndexOf("\n", index) + 1, index).trim();
  return /^(\/\/|\/\*|\*|<!--|\{\/\*)/.test(line);
}

/** The expression a sink inserts: what its `={...}` (or `: ...`) holds, whitespace collapsed. */
function insertedValue(text: string, from: number): string {
  const rest = text.slice(from);
  const open = /^\s*[=:]\s*/.exec(rest);
  if (!open) return rest.split("\n")[0]?.trim() ?? "";
  let index = open[0].length;
  if (rest.charAt(index) !== "{") return rest.slice(index).split(/[\s>]/)[0] ?? "";
  let depth = 0;
  const start = index;
  for (; index < rest.length; index++) {
    const char = rest.charAt(index);
    if (char === "{") depth++;
    else if (char === "}" && --depth === 0) break;
  }
  return rest
    .slice(start + 1, index)
    .replace(/\s+/g, " ")
    .trim();
}

interface Use {
  file: string;
  sink: string;
  value: string;
}

function rawHtmlUses(files: { file: string; text: string }[]): Use[] {
  const uses: Use[] = [];
  for (const { file, text } of files) {
    for (const match of text.matchAll(SINK)) {
      if (inComment(text, match.index)) continue;
      uses.push({ file, sink: match[0], value: insertedValue(text, match.index + match[0].length) });
    }
  }
  return uses;
}

const files = [...sourceFiles("src"), ...sourceFiles("functions")].map((file) => ({
  file: relative(root, join(root, file)),
  text: readFileSync(join(root, file), "utf8"),
}));

describe("raw HTML insertions in src/ and functions/", () => {
  it("are all on the reviewed list, each with the value it inserts", () => {
    const unlisted = rawHtmlUses(files).filter(
      (use) => !ALLOWED.some((allowed) => allowed.file === use.file && allowed.value === use.value),
    );
    expect(
      unlisted.map((use) => `${use.file}: ${use.sink} ${use.value}`),
      "a raw HTML insertion not reviewed: render the text with {value} (escaped), or use the html tagged template " +
        "of src/lib/safe-html.ts, or list it here with why its value is safe",
    ).toEqual([]);
  });

  it("insert inline scripts only from our own files", () => {
    for (const use of rawHtmlUses(files)) {
      const identifier = INLINE_CALL.exec(use.value)?.[1];
      if (!identifier) continue;
      const text = files.find((entry) => entry.file === use.file)?.text ?? "";
      expect(
        new RegExp(`import ${identifier} from "[./]*/?(?:\\.\\./)*scripts/inline/[\\w-]+\\.js\\?raw";`).test(
          text,
        ),
        `${use.file}: ${identifier} is not a ?raw import of src/scripts/inline/`,
      ).toBe(true);
    }
  });

  it("each reason is a sentence, and the check catches a new insertion", () => {
    for (const allowed of ALLOWED) expect(allowed.reason.length).toBeGreaterThan(20);
    const probe = [
      {
        file: "src/pages/x.astro",
        text: "<p set:html={product.description} />\n<!-- set:html in a comment -->",
      },
      {
        file: "src/islands/x.tsx",
        text: "<div dangerouslySetInnerHTML={{ __html: user.full_name }} />;\nel.innerHTML = note;",
      },
    ];
    expect(rawHtmlUses(probe)).toEqual([
      { file: "src/pages/x.astro", sink: "set:html", value: "product.description" },
      { file: "src/islands/x.tsx", sink: "dangerouslySetInnerHTML", value: "{ __html: user.full_name }" },
      { file: "src/islands/x.tsx", sink: ".innerHTML", value: "note;" },
    ]);
  });
});
