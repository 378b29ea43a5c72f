/** The owner's « Réductions » calls, through the typed API client. */
import type { ReductionInput } from "../../../domain/reductions/reduction";
import { type ApiAnswer, api, unwrap } from "../../../lib/api/client";

type ReductionsAnswer = ApiAnswer<"/api/admin/reductions">;
export type AdminReduction = ReductionsAnswer["reductions"][number];
export type SalesPeriodView = ReductionsAnswer["periods"][number];
export type PriceHistoryLine = ApiAnswer<"/api/admin/reductions/history/{id}">["history"][number];

export const fetchReductions = (signal?: AbortSignal): Promise<ReductionsAnswer> =>
  unwrap(api.GET("/api/admin/reductions", { signal }));

export const scheduleReduction = (body: ReductionInput) =>
  unwrap(api.POST("/api/admin/reductions", { body }));

export const withdrawReduction = (id: string) =>
  unwrap(api.DELETE("/api/admin/reductions/{id}", { params: { path: { id } } }));

export async function fetchPriceHistory(
  productId: number,
  signal?: AbortSignal,
): Promise<PriceHistoryLine[]> {
  const { history } = await unwrap(
    api.GET("/api/admin/reductions/history/{id}", { params: { path: { id: String(productId) } }, signal }),
  );
  return history;
}
