/** True for a DynamoDB conditional-check failure, raised by the SDK directly or surfaced through ElectroDB. */
export function isConditionFailure(error: unknown): boolean {
  const cause = (error as { cause?: { name?: string } } | null)?.cause;
  return (
    cause?.name === "ConditionalCheckFailedException" ||
    (error as { name?: string })?.name === "ConditionalCheckFailedException"
  );
}
