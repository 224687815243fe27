/**
 * The page's stylesheets, in place of React Router's <Links />: the matched routes' CSS files as
 * `<link rel="stylesheet">`, each once. The files are named by their content and sent with a
 * year's immutable cache, so a browser fetches each once and every later page reuses it (decision
 * 155; decision 124 had written them into every page). After a client-side navigation a route's
 * new stylesheet is linked the same way (React Router has already fetched it before the
 * navigation ends). Our routes declare no `links` export, so the manifest's CSS is all there is.
 */
import { useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

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

export function RouteStyles() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (!framework) return null;
  return routeStylesheets(
    framework.manifest,
    matches.map((match) => match.id),
  ).map((href) => <link key={href} rel="stylesheet" href={href} />);
}
