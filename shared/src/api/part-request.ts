import type { PartRequestBody } from '../contract/parts';
import { apiRequest, toFormData } from './client';

/** POST /parts/request (multipart): a signed-in user suggests a missing part; it waits for approval. */
export function requestPart(body: PartRequestBody): Promise<unknown> {
  return apiRequest('/parts/request', { method: 'POST', auth: 'required', form: toFormData({ ...body }) });
}
