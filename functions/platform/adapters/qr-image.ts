/**
 * QR codes as PNG images, drawn by `qrcode` (the most used QR library on npm; PNG through pngjs). Loaded on first
 * use: a Lambda that never sends a transfer's mail never evaluates it (it stays in the bundle: see tests/budgets).
 */

/**
 * The PNG of `text` at error correction level M (what the EPC guideline EPC069-12 asks for its codes), with the
 * quiet zone of four modules the QR standard requires, about 300 pixels wide: sharp on a phone's screen, small in a
 * mail (a few kB).
 */
export async function qrPng(text: string): Promise<Uint8Array> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 300 });
}
