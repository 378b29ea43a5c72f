/**
 * The to-do list's answer as zod schemas (GET /api/admin/todo's OpenAPI document); the rules and types are in
^ * owner-todo/, which the admin island imports without zod.
 */
import * as z from "zod";
import { PROBLEM_KINDS } from "./owner-problems";

const iso = globalThis.API_DOCS_OMITTED || z.string().describe("ISO 8601, UTC");

export const ownerTodoSchema =
  globalThis.API_DOCS_OMITTED ||
  z.object({
    generated_at: iso,
    problems: z
      .array(
        z.object({
          kind: z.enum(PROBLEM_KINDS),
          subject: z.string(),
          since: iso,
          title: z.string().describe("What went wrong, in French"),
          action: z.string().describe("What to do, in French"),
        }),
      )
      .describe("« Quelque chose ne va pas »: failures of the shop's machinery (alarms, jobs), first"),
    to_ship: z.array(
      z.object({
        order_id: z.string(),
        order_number: z.string(),
        customer: z.string(),
        paid_at: iso,
        hours_waiting: z.number().int(),
        preparation: z.enum(["on_time", "due", "late"]),
      }),
    ),
    stuck_parcels: z
      .array(
        z.object({
          order_id: z.string(),
          order_number: z.string(),
          customer: z.string(),
          carrier: z.string(),
          tracking_number: z.string(),
          last_news_at: iso,
          days_without_news: z.number().int(),
          last_event: z.string().nullable().describe("La Poste's last event, in French"),
        }),
      )
      .describe("Shipped parcels with no news from the carrier for 7 days or more"),
    transfers: z.array(
      z.object({
        order_id: z.string(),
        order_number: z.string(),
        customer: z.string(),
        reference: z.string().nullable(),
        amount_cents: z.number().int(),
        created_at: iso,
        age_days: z.number().int(),
        reminded_at: iso.nullable(),
        holds_most_of: z.array(
          z.object({
            product_id: z.number().int(),
            product_name: z.string(),
            quantity: z.number().int(),
            left: z.number().int(),
          }),
        ),
      }),
    ),
    refunds: z.array(
      z.object({
        key: z.string(),
        kind: z.enum(["withdrawal", "refund"]),
        order_id: z.string(),
        order_number: z.string(),
        customer: z.string(),
        since: iso,
        action: z.string(),
        deadline: iso,
        overdue: z.boolean(),
        amount_cents: z.number().int().nullable(),
      }),
    ),
    low_stock: z.array(
      z.object({ product_id: z.number().int(), name: z.string(), stock: z.number(), threshold: z.number() }),
    ),
    expiring_batches: z.array(
      z.object({
        product_id: z.number().int(),
        product_name: z.string(),
        lot: z.string(),
        expires_on: z.iso.date(),
        remaining: z.number(),
        days_left: z.number().int(),
      }),
    ),
    publishing: z.object({ error: z.string() }).nullable(),
    reviews: z
      .object({
        count: z.number().int(),
        overdue: z.number().int().describe("Waiting longer than the published moderation delay"),
      })
      .nullable()
      .describe("« Avis à modérer »: the reviews waiting for moderation"),
    count: z.number().int(),
  });
