/** Loaded on first use: a Lambda that never sends a transfer's mail never evaluates `qrcode`. */
/** Level M, as EPC069-12 asks, with the four-module quiet zone the QR standard requires. */
export async function qrPng(text: string): Promise<Uint8Array> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 300 });
}
