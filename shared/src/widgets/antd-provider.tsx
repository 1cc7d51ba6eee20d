import { App, ConfigProvider, theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { fontFamily, palette, radius, useColorScheme } from '@battledeck/shared/ui';

/** antd with the site's one theme, light or dark as the viewer prefers. Each remote wraps its App in it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  const colors = palette[scheme];
  return (
    <ConfigProvider
      theme={{
        algorithm: scheme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: colors.primary,
          colorLink: colors.primary,
          // antd derives hover and active shades that fail 4.5:1 (light: #9688e3 on white, 3:1; dark: a darker
          // indigo on the dark surface, 2.2:1): the palette's own hover colour passes in both themes.
          colorLinkHover: colors.primaryHover,
          colorLinkActive: colors.primaryHover,
          colorPrimaryHover: colors.primaryHover,
          colorPrimaryActive: colors.primaryHover,
          colorError: colors.danger,
          colorBgLayout: colors.background,
          colorBgContainer: colors.surface,
          colorText: colors.text,
          colorTextSecondary: colors.textMuted,
          // antd's default placeholder grey is 1.8:1 on white; the muted text colour passes 4.5:1 in both themes.
          colorTextPlaceholder: colors.textMuted,
          // Descriptions (a Result's subtitle, a form field's help) default to 45% black: 4.5:1 needs the muted colour.
          colorTextDescription: colors.textMuted,
          colorBorder: colors.border,
          borderRadius: radius,
          fontFamily,
        },
        components: {
          // Text on solid primary and danger buttons: the dark theme's light colours need dark text (4.5:1, like --bd-on-primary).
          Button: {
            primaryColor: scheme === 'dark' ? colors.background : '#ffffff',
            dangerColor: scheme === 'dark' ? colors.background : '#ffffff',
          },
        },
      }}
    >
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
