import type { ColorScheme } from './theme';
import { useMediaQuery } from './use-media-query';

/** The viewer's light/dark preference, following changes live. */
export function useColorScheme(): ColorScheme {
  return useMediaQuery('(prefers-color-scheme: dark)') ? 'dark' : 'light';
}
