import { describe, expect, it } from "vitest";
import { attachmentFileName } from "./api-client";

describe("attachmentFileName", () => {
  it.each([
    ['attachment; filename="123456789FEC20261231.txt"', "123456789FEC20261231.txt"],
    ['attachment; filename="mes-donnees-2026-11-24.zip"', "mes-donnees-2026-11-24.zip"],
    [null, "export.txt"],
    ["attachment", "export.txt"],
  ])("reads the file name of %j", (header, name) => {
    expect(attachmentFileName(header, "export.txt")).toBe(name);
  });
});
