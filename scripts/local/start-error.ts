/**
 * A failure of the local shop that the person running it can fix. Its message is one or two French lines: the
 * cause, then the fix (the variable to set, the program to install). `npm start` prints it alone, without a stack.
 */
export class StartError extends Error {
  override name = "StartError";
}

/** How a variable's new value is suggested: `PORT=4322 npm start`. */
export function withVariable(name: string, value: string | number): string {
  return `${name}=${value} npm start`;
}
