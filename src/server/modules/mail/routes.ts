/**
 * The development mailbox: every message in the outbox, readable in a browser at /dev/mailbox
 * (links clickable; the HTML version beside the text) and as JSON at /api/dev/mailbox for tests.
 * Never mounted in production. Every route here is `access: 'local'` (plugins/access.ts): it
 * answers only requests made directly on this machine, whatever spelling of the address they use
 * (decisions/102).
 */
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ModuleRoutes } from '../../http';
import { outgoingMail } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { escapeHtml, linkify } from '../../lib/html';

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body><main>${body}</main></body></html>`;
}

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#faf6ef;color:#2b2118}main{max-width:1400px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px 12px;border-bottom:1px solid #e8dccb;text-align:left}
a{color:#8a3b12}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;padding:16px;border:1px solid #e8dccb;margin:0}.note{background:#fff3cd;padding:8px 12px}
.versions{display:grid;gap:24px;grid-template-columns:minmax(0,1fr)}@media(min-width:1000px){.versions{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
h2{font-size:1rem;margin:0 0 8px}iframe{width:100%;height:80vh;border:1px solid #e8dccb;background:#fff}`;

/**
 * The HTML version in a sandboxed frame: no scripts, no access to this page (an opaque origin);
 * its links (target=_blank, as mail links are) open in a new tab, outside the sandbox.
 */
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';
const htmlVersion = (html: string) =>
  `<section><h2>HTML</h2><iframe sandbox="${SANDBOX}" title="The HTML version" srcdoc="${escapeHtml(html)}"></iframe></section>`;

export const mailboxRoutes: ModuleRoutes = async (app, ctx) => {
  // The outbox holds sign-in and reset links: it is a development tool, never a public page.
  // Mounted only without real mail delivery and outside production, and it answers only
  // requests made directly on this machine (not through a proxy): the routes' access rule.
  if (ctx.config.NODE_ENV === 'production' || ctx.mail.kind !== 'outbox') return;
  const { db } = ctx.database;
  const local = { access: 'local' as const };

  app.get('/dev/mailbox.css', { config: local }, async (_request, reply) => reply.type('text/css').send(CSS));

  app.get(
    '/api/dev/mailbox',
    {
      config: local,
      schema: {
        tags: ['dev'],
        summary: 'The outbox (not in production)',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.array(mailSchema) },
      },
    },
    async (request) => {
      const to = request.query.to?.toLowerCase();
      const rows = await db
        .select()
        .from(outgoingMail)
        .where(to ? eq(outgoingMail.to, to) : undefined)
        .orderBy(desc(outgoingMail.createdAt))
        .limit(200);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );

  app.get('/dev/mailbox', { config: local }, async (_request, reply) => {
    const rows = await db.select().from(outgoingMail).orderBy(desc(outgoingMail.createdAt)).limit(200);
    const list = rows
      .map(
        (row) =>
          `<tr><td>${row.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(row.to)}</td><td><a href="/dev/mailbox/${row.id}">${escapeHtml(row.subject)}</a></td><td>${row.status}</td></tr>`,
      )
      .join('');
    const body = `<h1>Mailbox</h1><p class="note">Development outbox: every e-mail the shop sent. Not available in production.</p>${
      rows.length
        ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${list}</tbody></table>`
        : '<p>No messages yet.</p>'
    }`;
    return reply.type('text/html; charset=utf-8').send(page('Mailbox', body));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', { config: local }, async (request, reply) => {
    if (!z.uuid().safeParse(request.params.id).success) throw notFound('No such message.');
    const [row] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, request.params.id));
    if (!row) throw notFound('No such message.');
    const text = `<section><h2>Text</h2><pre>${linkify(escapeHtml(row.text))}</pre></section>`;
    const body = `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(row.subject)}</h1><p>To: ${escapeHtml(row.to)}</p><div class="versions">${row.html ? htmlVersion(row.html) : ''}${text}</div>`;
    return reply.type('text/html; charset=utf-8').send(page(row.subject, body));
  });
};
