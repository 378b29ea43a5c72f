/**
 * A value made on its first use, then kept. For Intl formatters above all: one built at a module's top level is paid
 * by every page that imports the module, whether it formats anything or not, and the first one with a time zone costs
 * a page about 30 ms of main thread (the time-zone data loading).
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
