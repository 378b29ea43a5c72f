/**
 * What every operation of the owner's panel declares alike: its documentation with the admin guard's answers (401,
 * 403), and the usual 400 and 404. Each is used only behind `globalThis.API_DOCS_OMITTED ||`
 * (src/domain/api-docs.d.ts), so the functions' bundles leave them out; the docs function keeps them.
 */
import * as z from "zod";
import { adminOnly, errorResponse, type Operation } from "./contract";

export const invalid = globalThis.API_DOCS_OMITTED || { 400: errorResponse("Champs invalides") };

export const notFound = globalThis.API_DOCS_OMITTED || { 404: errorResponse("Introuvable") };

/**
 * An operation of the owner's panel, documented: its summary and answers, with the admin guard's (its 401 and 403).
 * Called only behind each operation's `globalThis.API_DOCS_OMITTED ||` (src/domain/api-docs.d.ts): the admin
 * function's bundle leaves it out.
 */
export const administration = (summary: string, responses: Operation["responses"]) => ({
  tag: "Administration",
  summary,
  responses: { ...responses, ...adminOnly },
});

export const page = (name: string, item: z.ZodType) =>
  z.object({ [name]: z.array(item), next_cursor: z.string().nullable() });
