import { render } from '@testing-library/react';
import { theme } from 'antd';
import type { GlobalToken } from 'antd';
import { palette } from '../ui/theme';
import { AntdProvider } from './antd-provider';

/** The contrast of two sRGB colours (WCAG 2), each '#rrggbb'. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function tokensFor(scheme: 'light' | 'dark'): GlobalToken {
  window.matchMedia = ((query: string) => ({ matches: scheme === 'dark' && query.includes('dark'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  let tokens: GlobalToken | undefined;
  function Probe() {
    tokens = theme.useToken().token;
    return null;
  }
  render(
    <AntdProvider>
      <Probe />
    </AntdProvider>,
  );
  return tokens!;
}

describe.each(['light', 'dark'] as const)('antd in the %s theme', (scheme) => {
  it('draws links, and a hovered or pressed link or button text, at 4.5:1 or more on the surface', () => {
    const tokens = tokensFor(scheme);
    const surface = palette[scheme].surface;
    for (const name of ['colorLink', 'colorLinkHover', 'colorLinkActive', 'colorPrimaryHover', 'colorPrimaryActive'] as const) {
      expect({ name, passes: contrast(tokens[name], surface) >= 4.5 }).toEqual({ name, passes: true });
    }
  });
});
