/** The schema of the transfers' follow-up setting (its bounds in settings-constants.ts; payments/transfer-follow-up.ts applies it). */
import * as z from "zod";
import { TRANSFER_FOLLOW_UP_LIMITS } from "./settings-constants";

const days = (min: number, max: number) =>
  z
    .number("Indiquez un nombre de jours.")
    .int("Indiquez un nombre entier de jours.")
    .min(min, `Au moins ${min} jour${min > 1 ? "s" : ""}.`)
    .max(max, `Au plus ${max} jours.`);

export const transferFollowUpSettingSchema = z
  .object({
    /** Days after the order's day when the one reminder goes out (default 5). */
    remind_after_days: days(TRANSFER_FOLLOW_UP_LIMITS.remindMin, TRANSFER_FOLLOW_UP_LIMITS.remindMax),
    /** Days after the order's day when an unpaid order is cancelled (default 10); always after the reminder. */
    cancel_after_days: days(TRANSFER_FOLLOW_UP_LIMITS.cancelMin, TRANSFER_FOLLOW_UP_LIMITS.cancelMax),
  })
  .refine((value) => value.cancel_after_days > value.remind_after_days, {
    path: ["cancel_after_days"],
    message: "L'annulation doit venir après la relance : indiquez plus de jours que pour la relance.",
  });
