/** What a file's first bytes say it is, among the photo types the site accepts (decision 9). */
export type ImageKind = 'jpeg' | 'png' | 'gif';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

/**
 * The file's real type from its magic bytes, whatever its name or the browser's guess says: JPEG (FF D8 FF),
 * PNG (its 8-byte signature) or GIF (GIF87a / GIF89a); null for anything else. The server decodes every file
 * anyway; this only lets the editor flag a bad file the moment it is added.
 */
export async function sniffImageKind(file: Blob): Promise<ImageKind | null> {
  const head = await firstBytes(file, 8);
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return 'png';
  const gif = String.fromCharCode(...head.slice(0, 6));
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  return null;
}
