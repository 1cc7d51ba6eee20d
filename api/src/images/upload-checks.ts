import { badRequest, MESSAGES } from '../errors';
import { nonPixelRegions } from './image-regions';

/**
 * Refusals on top of "it decodes as a JPEG, PNG or GIF" (decision 9, issue 7): a file that claims to be
 * something else, a name that is a path, and markup hidden in a picture. Every stored file is re-encoded
 * anyway, so none of these could reach a browser as sent; refusing them says plainly that the upload is
 * not what it pretends to be, and keeps such files out of the pipeline and the logs.
 */

/** What the client said about a file: its multipart file name and Content-Type. */
export interface DeclaredFile {
  filename?: string;
  mimetype?: string;
}

/** A file's bytes with what the client said about them. */
export interface Upload {
  bytes: Buffer;
  declared: DeclaredFile;
}

/** Names that state a type: each to sharp's format name ('other' for every non-image or unsupported type). */
const NAMED_TYPES: Record<string, string> = {
  jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', pjpeg: 'jpeg', pjp: 'jpeg',
  png: 'png', apng: 'png',
  gif: 'gif',
  ...Object.fromEntries(
    ['webp', 'avif', 'heic', 'heif', 'bmp', 'tif', 'tiff', 'ico', 'svg', 'svgz', 'html', 'htm', 'xhtml', 'xml', 'js', 'mjs', 'php', 'txt', 'pdf', 'exe', 'zip'].map((ext) => [ext, 'other']),
  ),
};

const MEDIA_TYPES: Record<string, string> = {
  'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg',
  'image/png': 'png', 'image/x-png': 'png', 'image/apng': 'png',
  'image/gif': 'gif',
};

/** Types that claim something: any image or text type, and the scriptable ones. Others (octet-stream) claim nothing. */
const CLAIMING_TYPE = /^(image|text)\/|html|xml|javascript|ecmascript|json|pdf/;

function claimedByName(filename: string | undefined): string | undefined {
  const dot = filename?.lastIndexOf('.') ?? -1;
  return dot >= 0 ? NAMED_TYPES[filename!.slice(dot + 1).toLowerCase()] : undefined;
}

function claimedByType(mimetype: string | undefined): string | undefined {
  const type = mimetype?.split(';')[0].trim().toLowerCase() ?? '';
  return MEDIA_TYPES[type] ?? (CLAIMING_TYPE.test(type) ? 'other' : undefined);
}

/** A plain file name: no folders (`/`, `\`, `..`) and no control characters (NUL…). An empty name is no name. */
export function assertPlainFileName(filename: string | undefined): void {
  if (!filename) return;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(filename) || filename === '.' || filename === '..') throw badRequest(MESSAGES.fileNameNotAllowed);
}

/** The name's extension and the Content-Type, when they state a type, must state the one the bytes are. */
export function assertDeclaredMatches(declared: DeclaredFile | undefined, format: string): void {
  if (!declared) return;
  for (const claimed of [claimedByName(declared.filename), claimedByType(declared.mimetype)]) {
    if (claimed !== undefined && claimed !== format) throw badRequest(MESSAGES.imageTypeMismatch);
  }
}

/** Tags a browser would act on; XMP metadata (`<x:xmpmeta`, `<rdf:…`) is XML and does not match. */
const MARKUP = /<(?:\?php|!doctype|(?:html|head|body|script|iframe|frame|svg|object|embed|img|meta|style|link|form|base)[\s/>])/i;

/** Refuses markup in a picture's metadata, comments or appended bytes (an HTML/image polyglot). */
export function assertNoHiddenMarkup(input: Buffer, format: string): void {
  for (const [start, end] of nonPixelRegions(input, format)) {
    if (MARKUP.test(input.toString('latin1', start, end))) throw badRequest(MESSAGES.imageHiddenMarkup);
  }
}
