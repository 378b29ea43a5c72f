/**
 * Dead-letter queues ("failures reach the owner"; docs/decisions/030-failures-reach-the-owner.md). A
 * message or an event that kept failing lands in one of these instead of vanishing; infra/alarms.ts alarms as soon
 * as one holds anything, and the owner's to-do list says what to do.
 */

/**
 * 14 days, SQS's longest retention. AWS ("Using dead-letter queues in Amazon SQS"): a standard queue's message
 * keeps its original enqueue time when it moves to the dead-letter queue, so the dead-letter queue must keep
 * messages longer than its source (4 days by default) or a message could expire as it arrives. Two weeks leave the
 * owner time to fix the cause and redrive.
 */
export const DEAD_LETTER_RETENTION_SECONDS = 14 * 24 * 3600;

/** A standard queue that only holds what failed; nothing subscribes to it (a redrive sends it back by hand). */
export function deadLetterQueue(name: string): sst.aws.Queue {
  return new sst.aws.Queue(name, {
    transform: { queue: { messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS } },
  });
}
