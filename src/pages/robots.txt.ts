/**
 * /robots.txt, built with the site: crawlers may read the shop, not the API nor the private areas, and find
 * the sitemap at the canonical origin (SITE_URL).
 */
import type { APIRoute } from "astro";

const DISALLOWED = [
  "/api/",
  "/admin",
  "/profile",
  "/payment",
  "/Payment",
  "/orders",
  "/reset-password",
  "/maintenance",
];

export const GET: APIRoute = ({ site }) => {
  const origin = (site ?? new URL("http://localhost:4321")).origin;
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "content-type": "text/plain; charset=utf-8" } });
};
