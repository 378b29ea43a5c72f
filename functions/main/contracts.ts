import type { Operation } from "../platform/contract";
import { contracts } from "./generated/contracts";

/** Imports no route module and no service: the docs function builds the document from here alone. */
export const apiOperations: readonly Operation[] = contracts.flatMap((contract) => Object.values(contract));
