import { browserGlobal, type CreateImageBitmapLike, type ImageLike } from './browser-globals';

/**
 * Reads an image's pixel size in a browser: createImageBitmap, else an Image element over an
 * object URL. Null when neither exists (Node) or the browser cannot decode the file.
 */
export async function readImageSizeInBrowser(file: Blob): Promise<{ width: number; height: number } | null> {
  const createImageBitmap = browserGlobal<CreateImageBitmapLike>('createImageBitmap');
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // SVG and some formats are not bitmaps: the Image element below may still read them
    }
  }
  const Image = browserGlobal<new () => ImageLike>('Image');
  if (typeof Image !== 'function' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve) => {
      const image = new Image();
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => resolve(null);
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
