/**
 * The page's stylesheets (decision 124), in place of React Router's <Links />. A page loaded fresh
 * carries its routes' CSS in <style> elements, so a phone paints it as soon as the HTML arrives
 * instead of after one more round trip per stylesheet. After a client-side navigation, a route
 * whose CSS the page did not carry gets a <link> (React Router has already fetched it before the
 * navigation ends). Our routes declare no `links` export, so the manifest's CSS is all there is.
 */
import { createContext, useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * The text of a stylesheet to write into the page, by address, or undefined to link it: on the
 * server the build's file (entry.server.tsx), in the browser what the server wrote (entry.client.tsx).
 */
export type StylesheetText = (href: string) => string | undefined;
export const InlineStylesContext = createContext<StylesheetText>(() => undefined);

/** The attribute that names the stylesheet a <style> holds. */
export const STYLE_HREF_ATTRIBUTE = 'data-href';

interface ManifestLike {
  routes: Record<string, { css?: string[] } | undefined>;
}

/**
 * The CSS files of the matched routes, outermost route first, each once. The manifest may name a
 * file with a trailing '#' (the same file reached through a route's split chunk): it is one file.
 */
export function routeStylesheets(manifest: ManifestLike, routeIds: readonly string[]): string[] {
  return [...new Set(routeIds.flatMap((id) => manifest.routes[id]?.css ?? []).map((href) => href.replace(/#.*$/, '')))];
}

/** In the browser, before hydration: the stylesheets the server wrote into the page, so that hydration renders them the same. */
export function stylesInDocument(doc: Document): StylesheetText {
  const styles = new Map<string, string>();
  for (const element of doc.querySelectorAll(`style[${STYLE_HREF_ATTRIBUTE}]`)) {
    styles.set(element.getAttribute(STYLE_HREF_ATTRIBUTE)!, element.textContent ?? '');
  }
  return (href) => styles.get(href);
}

export function RouteStyles() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const textOf = useContext(InlineStylesContext);
  const matches = useMatches();
  if (!framework) return null;
  return routeStylesheets(
    framework.manifest,
    matches.map((match) => match.id),
  ).map((href) => {
    const css = textOf(href);
    return css === undefined ? (
      <link key={href} rel="stylesheet" href={href} />
    ) : (
      <style key={href} {...{ [STYLE_HREF_ATTRIBUTE]: href }} dangerouslySetInnerHTML={{ __html: css }} />
    );
  });
}
