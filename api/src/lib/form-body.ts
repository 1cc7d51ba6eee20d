import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors';
import { readUpload } from '../images/read-upload';
import { assertPlainFileName, type Upload } from '../images/upload-checks';
import { containsNul, NUL_MESSAGE } from '../plugins/input-guard';
import { multipartParts } from './multipart-parts';

export interface FormBody {
  fields: Record<string, unknown>;
  /** At most one file per allowed file field, read into memory within the 4 MB cap, with its declared name and type. */
  files: Record<string, Upload>;
}

/**
 * The fields (and files) of a (T, M) call: a multipart body as SPEC §7 sends it, or the same fields as JSON.
 * Files are accepted only under `fileFields`, one each; an empty file input counts as no file.
 */
export async function readFormBody(request: FastifyRequest, fileFields: readonly string[] = []): Promise<FormBody> {
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (body === undefined || body === null) return { fields: {}, files: {} };
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body is missing or is not an object.');
    return { fields: body as Record<string, unknown>, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, Upload> = {};
  for await (const part of multipartParts(request)) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
      part.file.resume();
      throw badRequest(fileFields.length ? `Send at most one file, as ${fileFields.join(' or ')}.` : 'This call takes no files.');
    }
    try {
      assertPlainFileName(part.filename);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const bytes = await readUpload(part.file);
    if (bytes.length > 0 || part.filename) files[part.fieldname] = { bytes, declared: { filename: part.filename, mimetype: part.mimetype } };
  }
  return { fields, files };
}

/** Validates with a contract schema; the first issue's message (written for people) becomes a 400. */
export function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  // Multipart fields never pass the input guard's hook (the body is streamed): the same rule applies here.
  if (containsNul(fields)) throw badRequest(NUL_MESSAGE);
  const result = schema.safeParse(fields);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'The request is not valid.');
  // A field holding JSON may write a NUL as the escape \u0000, which only its parsing turns into one.
  if (containsNul(result.data)) throw badRequest(NUL_MESSAGE);
  return result.data;
}
