import { isHttpUrl, LIMITS } from '@battledeck/shared/contract';

/** The admin forms' one message for a store or part address that is not a usable http(s) URL. */
export const URL_INVALID = 'Enter a valid URL starting with http:// or https://.';

/** A trimmed address the API takes: http(s), at most LIMITS.urlMax characters. */
export function isValidUrl(url: string): boolean {
  return url.length <= LIMITS.urlMax && isHttpUrl(url);
}
