import { sessionStore } from '@battledeck/shared/session';
import { ApiError, AUTH_ERROR, UNKNOWN_ERROR } from './api-error';

let baseUrl = '/api';

/** The API's base URL; the one place that knows it. */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/$/, '');
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  /** 'required' fails without a session; 'optional' sends a token when signed in. */
  auth?: 'none' | 'optional' | 'required';
  signal?: AbortSignal;
  /**
   * The browser HTTP cache mode. 'no-cache' revalidates a publicly cached answer (ETag, 304) so data
   * refetched after an invalidation is never older than the server's.
   */
  cache?: RequestCache;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function authHeader(auth: RequestOptions['auth']): Promise<Record<string, string>> {
  if (!auth || auth === 'none') return {};
  let token: string | null = null;
  try {
    token = await sessionStore.getState().getIdToken();
  } catch {
    if (auth === 'required') throw new ApiError(401, AUTH_ERROR);
  }
  if (!token) {
    if (auth === 'required') throw new ApiError(401, AUTH_ERROR);
    return {};
  }
  return { Authorization: `Bearer ${token}` };
}

async function readError(response: Response): Promise<ApiError> {
  let message = '';
  try {
    const text = await response.text();
    try {
      const body: unknown = JSON.parse(text);
      const value = body && typeof body === 'object' ? (body as { message?: unknown }).message : body;
      message = typeof value === 'string' ? value : UNKNOWN_ERROR;
    } catch {
      message = text.trim() || response.statusText;
    }
  } catch {
    message = response.statusText;
  }
  return new ApiError(response.status, message || UNKNOWN_ERROR);
}

/** Calls the API and returns its JSON; failures throw an ApiError with the server's message. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeader(options.auth)) };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(apiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    cache: options.cache,
  });
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls the API for a file (an image) and returns its bytes; failures throw an ApiError like apiRequest. */
export async function apiBlob(path: string, options: Pick<RequestOptions, 'auth' | 'signal'> = {}): Promise<Blob> {
  const response = await fetch(apiUrl(path), { headers: await authHeader(options.auth), signal: options.signal });
  if (!response.ok) throw await readError(response);
  return response.blob();
}

export interface UploadOptions {
  method: 'POST' | 'PUT';
  form: FormData;
  /** Called with the uploaded fraction, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A multipart upload with progress (fetch has none); always sends the user's token. */
export async function apiUpload<T>(path: string, options: UploadOptions): Promise<T> {
  const headers = await authHeader('required');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } else {
        readError(response).then(reject, reject);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload could not reach the server.'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.form);
  });
}

/** Builds multipart form data: arrays and objects go as JSON text, files as files; undefined is left out. */
export function toFormData(fields: Record<string, unknown>, files: Record<string, File[]> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  for (const [key, list] of Object.entries(files)) for (const file of list) form.append(key, file, file.name);
  return form;
}
