import { type ReviewInvitationsResult, sendReviewInvitations } from "../../reviews/invitations";
import { depsFromEnv, settlingBackgroundSends } from "../deps-from-env";

export const handler = settlingBackgroundSends(async (): Promise<ReviewInvitationsResult> => {
  const result = await sendReviewInvitations(depsFromEnv());
  if (result.invited.length)
    console.info(`Review invitations sent: ${result.invited.length}: ${result.invited.join(", ")}`);
  return result;
});
