import { BATTLESTATION_MESSAGES } from '@battledeck/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../errors';
import { readUpload } from '../../images/read-upload';
import { storeImage, type StoredImage } from '../../images/store-image';
import { assertPlainFileName } from '../../images/upload-checks';
import type { WrittenFiles } from '../../images/written-files';
import { parseFields } from '../../lib/form-body';
import { multipartParts } from '../../lib/multipart-parts';
import type { StationUpload } from '../../services/battlestation-writes-service';

/** Photos decoded and re-encoded at once while the next ones stream in (sharp runs on libuv's pool). */
const IN_FLIGHT = 2;

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the battlestation as multipart/form-data.',
  fieldsFirst: 'Send the text fields before the photos.',
  duplicateField: (name: string) => `The field ${name} was sent more than once.`,
  unexpectedFile: (name: string) => `Unexpected file field ${name}.`,
} as const;

function multipartCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * Reads a battlestation form (POST /battlestations/, PUT /battlestations/id/{id}) from a streamed multipart
 * body: the text fields first, validated with the contract `schema` as soon as the first photo arrives (so a
 * bad form costs no image work), then each `fileField` file, capped at 4 MB, decoded and stored through
 * the image pipeline into `files` (which the service deletes again if anything fails), under the private
 * prefix when `isPrivate` says the station will be private.
 */
export function stationUploadReader<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  fileField: string,
  /** Whether the photos belong under the private prefix, from the validated fields (issue 15). */
  isPrivate: (fields: z.output<S>) => boolean,
) {
  return async (files: WrittenFiles): Promise<StationUpload<z.output<S>>> => {
    if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.notMultipart);
    const raw: Record<string, string> = {};
    let fields: z.output<S> | undefined;
    const stored: Promise<StoredImage>[] = [];
    try {
      for await (const part of multipartParts(request)) {
        if (part.type === 'field') {
          if (fields !== undefined) throw badRequest(UPLOAD_MESSAGES.fieldsFirst);
          if (part.fieldname in raw) throw badRequest(UPLOAD_MESSAGES.duplicateField(part.fieldname));
          raw[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw badRequest(UPLOAD_MESSAGES.unexpectedFile(part.fieldname));
        }
        fields ??= parseFields(schema, raw);
        try {
          assertPlainFileName(part.filename);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        const declared = { filename: part.filename, mimetype: part.mimetype };
        const buffer = await readUpload(part.file);
        // Keep at most IN_FLIGHT photos in the pipeline; one that fails stops the upload at once.
        const waitFor = stored[stored.length - IN_FLIGHT];
        if (waitFor) await waitFor;
        const next = storeImage(files, 'battlestations', buffer, declared, { owner: request.user?.uid, isPrivate: isPrivate(fields) });
        next.catch(() => undefined);
        stored.push(next);
      }
    } catch (error) {
      // Never leave a photo still being written behind a failed request: let them finish, then clean up.
      await Promise.allSettled(stored);
      if (multipartCode(error) === 'FST_FILES_LIMIT') throw badRequest(BATTLESTATION_MESSAGES.tooManyImages);
      throw error;
    }
    const settled = await Promise.allSettled(stored);
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return {
      fields: fields ?? parseFields(schema, raw),
      images: settled.map((result) => (result as PromiseFulfilledResult<StoredImage>).value),
    };
  };
}
