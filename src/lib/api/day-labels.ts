/** The address of the day's labels, one PDF the owner prints (the Paris day, as the server files them). */
import { parisDay } from "../../domain/paris-time";
import { apiUrl } from "./client";

/** Every label bought on `now`'s Paris day, one PDF to print. */
export function dayLabelsUrl(now: Date): string {
  return apiUrl("/api/admin/shipping/labels", { query: { date: parisDay(now) } });
}
