/**
 * The <head> tags the server fills into the page it sends, so crawlers and shared links see
 * them without JavaScript. Pages with their own data (a product) get their own tags: the
 * modules' resolvers, which app.ts lists in `ctx.pageHeads`.
 */
import type { AppContext } from '../../context';
import type { HeadResolver, HeadTags } from '../../http';
import { MSG } from '../../../shared/messages';
import { escapeHtml } from '../../lib/html';

/** The page's tags: the first of `ctx.pageHeads` that answers, else the shop's own. */
export async function headFor(pathname: string, ctx: AppContext): Promise<HeadTags> {
  for (const resolve of ctx.pageHeads) {
    const tags = await resolve(pathname, ctx);
    if (tags) return tags;
  }
  return {
    title: `${ctx.config.SHOP_NAME}: activity, puzzle, colouring and journal books`,
    description: 'Printed activity, puzzle, colouring and journal books for kids and adults, printed on demand and delivered in the UK.',
  };
}

/** The address 'Page Not Found' is rendered and cached under, for every unknown address: no page of the shop has it. */
export const NOT_FOUND_RENDER_PATH = '/-/not-found';

/** Its own title, and kept out of search engines. */
export const notFoundHead: HeadResolver = async (pathname, ctx) =>
  pathname === NOT_FOUND_RENDER_PATH
    ? {
        title: `${MSG.pageNotFound} | ${ctx.config.SHOP_NAME}`,
        description: 'This page is not in the shop. Browse the printed activity, puzzle, colouring and journal books instead.',
        extra: '<meta name="robots" content="noindex">',
      }
    : null;

export function renderHead(tags: HeadTags): string {
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<meta name="description" content="${escapeHtml(tags.description)}">`,
    tags.extra ?? '',
  ].join('\n    ');
}
