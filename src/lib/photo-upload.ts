import { MAX_PHOTO_BYTES } from "../domain/catalog/product-photos";

/** The longer side a photo is brought down to when it is too heavy to send (the server keeps at most 1280 px). */
const SHRINK_TO = 2560;

/**
 * A phone's photo can weigh more than the server takes (MAX_PHOTO_BYTES, below a Lambda's 6 MB request): the browser
 * redraws it smaller as a JPEG before sending. Light files, and files the browser cannot draw (the server then says
 * why), go as they are.
 */
export async function photoToSend(file: File): Promise<Blob> {
  if (file.size <= MAX_PHOTO_BYTES || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, SHRINK_TO / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
    return blob ?? file;
  } catch {
    return file;
  }
}
