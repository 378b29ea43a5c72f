import { describe, expect, it } from "vitest";
import {
  counterText,
  dialogKeyTarget,
  dialogLabel,
  openerDetail,
  SWIPE_PX,
  swipeTarget,
  thumbClassName,
  thumbKeyTarget,
  thumbLabel,
  wrapIndex,
  zoomFrameClassName,
  zoomImageClassName,
  zoomSizes,
  zoomToggleLabel,
} from "./gallery-view";

describe("wrapIndex", () => {
  it.each([
    [0, 3, 0],
    [2, 3, 2],
    [3, 3, 0],
    [-1, 3, 2],
    [-4, 3, 2],
    [7, 3, 1],
    [0, 0, 0],
  ])("%i among %i photos is %i", (next, count, expected) => {
    expect(wrapIndex(next, count)).toBe(expected);
  });
});

describe("thumbKeyTarget", () => {
  it.each([
    ["ArrowRight", 1, 2],
    ["ArrowDown", 1, 2],
    ["ArrowLeft", 1, 0],
    ["ArrowUp", 1, 0],
    ["Home", 2, 0],
    ["End", 0, 3],
  ])("%s from photo %i leads to %i (before wrapping)", (key, index, expected) => {
    expect(thumbKeyTarget(key, index, 4)).toBe(expected);
  });

  it.each(["Enter", " ", "Tab", "a", "constructor", "toString"])("ignores %j", (key) => {
    expect(thumbKeyTarget(key, 1, 4)).toBeUndefined();
  });
});

describe("dialogKeyTarget", () => {
  it("moves with the left and right arrows only (Escape is the dialog's own)", () => {
    expect(dialogKeyTarget("ArrowRight", 0)).toBe(1);
    expect(dialogKeyTarget("ArrowLeft", 0)).toBe(-1);
    expect(dialogKeyTarget("ArrowDown", 0)).toBeUndefined();
    expect(dialogKeyTarget("Escape", 0)).toBeUndefined();
  });
});

describe("swipeTarget", () => {
  it("goes to the next photo on a swipe leftwards, to the previous rightwards", () => {
    expect(swipeTarget(300, 300 - SWIPE_PX, 1, 3)).toBe(2);
    expect(swipeTarget(300, 300 + SWIPE_PX, 1, 3)).toBe(0);
  });

  it("takes a short move for a tap", () => {
    expect(swipeTarget(300, 300 - SWIPE_PX + 1, 1, 3)).toBeUndefined();
    expect(swipeTarget(300, 300, 1, 3)).toBeUndefined();
  });

  it("does nothing without a start (a cancelled pointer) or with one photo", () => {
    expect(swipeTarget(null, 0, 1, 3)).toBeUndefined();
    expect(swipeTarget(300, 0, 0, 1)).toBeUndefined();
  });
});

describe("texts and classes", () => {
  it("names the photo shown", () => {
    expect(counterText(1, 3)).toBe("2 / 3");
    expect(openerDetail("Le savon coupé")).toBe(" la photo : Le savon coupé");
    expect(thumbLabel(0, 3, "Face")).toBe("Photo 1 sur 3 : Face");
    expect(dialogLabel("Savon d'Alep", 2, 3)).toBe("Savon d'Alep : photo 3 sur 3");
  });

  it("marks the current thumbnail", () => {
    expect(thumbClassName(true)).toBe("overflow-hidden rounded-xl border-2 border-olive-700");
    expect(thumbClassName(false)).toBe("overflow-hidden rounded-xl border-2 border-cream-300");
  });

  it("fits the zoomed photo to the screen, or shows it full size in a scrolling frame", () => {
    expect([
      zoomToggleLabel(false),
      zoomFrameClassName(false),
      zoomImageClassName(false),
      zoomSizes(false),
    ]).toEqual([
      "Zoomer",
      "mt-3 ",
      "mx-auto max-h-[75vh] w-auto object-contain",
      "(min-width: 1100px) 1070px, 92vw",
    ]);
    expect([
      zoomToggleLabel(true),
      zoomFrameClassName(true),
      zoomImageClassName(true),
      zoomSizes(true),
    ]).toEqual(["Ajuster à l'écran", "mt-3 max-h-[80vh] overflow-auto", "max-w-none", "1280px"]);
  });
});
