/**
 * The shop's colours and type for mail: the same values as the site's design tokens
 * (src/web/styles/tokens.css; theme.test.ts keeps them equal), plus the dark-mode palette.
 */
export const colour = {
  paper: '#fbf6ee',
  surface: '#ffffff',
  surfaceAlt: '#f3e9da',
  ink: '#2b2118',
  inkMuted: '#5e4f42',
  line: '#e3d5c1',
  brand: '#7a2e12',
  brandStrong: '#5c210b',
  brandSoft: '#f6e3d6',
  accent: '#1f5f5b',
  accentSoft: '#dcefed',
} as const;

/** Dark mode (clients that honour prefers-color-scheme): warm dark paper, light ink, AA contrast. */
export const dark = {
  paper: '#1c1611',
  surface: '#2a2119',
  surfaceAlt: '#3a2d22',
  ink: '#f3e9da',
  inkMuted: '#cdbba6',
  line: '#4a3b2e',
  link: '#f2b899',
} as const;

export const font = {
  body: "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif",
  ui: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

/**
 * What cannot be inlined: dark mode and the narrow-screen tweaks. Class names only; inline
 * styles carry the light design for clients that drop <style>.
 */
export const HEAD_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
.m-break { overflow-wrap: anywhere; word-break: break-word; }
@media (prefers-color-scheme: dark) {
  .m-body, .m-body > table > tbody > tr > td, .m-page { background-color: ${dark.paper} !important; }
  .m-card { background-color: ${dark.surface} !important; border-color: ${dark.line} !important; }
  .m-ink, .m-card h1, .m-card p, .m-card td { color: ${dark.ink} !important; }
  .m-muted, .m-footer p { color: ${dark.inkMuted} !important; }
  .m-link, .m-footer a { color: ${dark.link} !important; }
  .m-box { background-color: ${dark.surfaceAlt} !important; border-color: ${dark.line} !important; }
  .m-button { background-color: ${dark.link} !important; color: ${colour.ink} !important; }
  .m-rule { border-color: ${dark.line} !important; }
}
[data-ogsc] .m-ink, [data-ogsc] .m-card p, [data-ogsc] .m-card td { color: ${dark.ink} !important; }
[data-ogsc] .m-muted { color: ${dark.inkMuted} !important; }
[data-ogsc] .m-link { color: ${dark.link} !important; }
@media only screen and (max-width: 480px) {
  .m-card { padding: 20px 16px !important; }
  .m-title { font-size: 22px !important; line-height: 28px !important; }
  .m-code { font-size: 18px !important; letter-spacing: 0.5px !important; }
  .m-codebox { padding: 16px 8px !important; }
}
`;
