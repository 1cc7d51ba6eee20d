/**
 * The one palette of the site. The shell's global CSS exposes it as CSS variables for antd-free parts
 * (frame, home, cards); antd gets the same values as theme tokens (see widgets/antd-provider).
 */
export const palette = {
  light: {
    primary: '#4338ca',
    primaryHover: '#3730a3',
    background: '#f5f6fa',
    surface: '#ffffff',
    text: '#1d2130',
    textMuted: '#545b6e',
    border: '#dde0ea',
    danger: '#b42318',
  },
  dark: {
    primary: '#8b93ff',
    primaryHover: '#a5abff',
    background: '#0e1016',
    surface: '#181b24',
    text: '#e8eaf2',
    textMuted: '#a6adc0',
    border: '#2c3140',
    danger: '#ff8a80',
  },
} as const;

export const radius = 10;
export const fontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export type ColorScheme = keyof typeof palette;
