// The app's brand colours (app.css) as mail clients need them: plain hex values for inline styles.
export const EMAIL_COLOURS = {
  brand: "#1741b6",
  brandDark: "#122c6f",
  brandTint: "#f1f6ff",
  text: "#0f172a",
  muted: "#475569",
  border: "#e2e8f0",
  page: "#f8fafc",
  white: "#ffffff",
} as const;

/** The fonts every system has: mail clients load no web fonts. */
export const SYSTEM_FONTS = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
