import { useMediaQuery } from '@battledeck/shared/ui';

/** True below antd's `sm` breakpoint (576 px), where `responsive: ['sm']` columns give way and `phoneOnly` shows; false on the server. */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 575.98px)');
}
