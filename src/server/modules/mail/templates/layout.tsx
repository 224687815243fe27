/**
 * The one layout of every mail and its building blocks, made of react-email's components (their
 * tables and inline styles are what mail apps understand). Text from people goes in as React
 * children, so React escapes it; `dir="auto"` lets right-to-left names and titles read correctly.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { addressLines, type DeliveryAddress } from '@shared/delivery-address';
import { formatPence } from '@shared/money';
import type { Shop } from './shop';
import { colour, font, HEAD_CSS } from './theme';

/** The site footer's Quick Links (src/web/app/Footer.tsx); the social links point off the shop and stay on the site. */
const FOOTER_LINKS: [path: string, label: string][] = [
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/privacy', 'Privacy'],
];

const s = {
  body: { backgroundColor: colour.paper, margin: 0, padding: '24px 10px', fontFamily: font.body, color: colour.ink },
  page: { maxWidth: '600px', width: '100%', backgroundColor: colour.paper },
  header: { padding: '0 16px 16px' },
  logo: { borderRadius: '10px' },
  shopName: {
    fontFamily: font.body,
    fontSize: '22px',
    lineHeight: '28px',
    fontWeight: 700,
    color: colour.brand,
    textDecoration: 'none',
  },
  // Long words (a name, a title, a code someone typed) wrap instead of widening the mail.
  card: {
    backgroundColor: colour.surface,
    border: `1px solid ${colour.line}`,
    borderRadius: '16px',
    padding: '32px',
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  },
  title: {
    fontFamily: font.body,
    fontSize: '26px',
    lineHeight: '32px',
    fontWeight: 700,
    color: colour.ink,
    margin: '0 0 16px',
  },
  text: { fontFamily: font.body, fontSize: '17px', lineHeight: '26px', color: colour.ink, margin: '0 0 16px' },
  small: { fontFamily: font.ui, fontSize: '14px', lineHeight: '21px', color: colour.inkMuted, margin: '0 0 12px' },
  button: {
    backgroundColor: colour.brand,
    color: '#ffffff',
    fontFamily: font.ui,
    fontSize: '16px',
    fontWeight: 600,
    lineHeight: '20px',
    borderRadius: '10px',
    padding: '14px 24px',
    textDecoration: 'none',
  },
  box: {
    backgroundColor: colour.surfaceAlt,
    border: `1px solid ${colour.line}`,
    borderRadius: '10px',
    padding: '16px',
    margin: '0 0 20px',
  },
  boxLabel: {
    fontFamily: font.ui,
    fontSize: '13px',
    lineHeight: '18px',
    color: colour.inkMuted,
    margin: '0 0 4px',
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
  },
  boxValue: {
    fontFamily: font.mono,
    fontSize: '18px',
    lineHeight: '26px',
    color: colour.ink,
    margin: 0,
    fontWeight: 700,
  },
  rule: { borderColor: colour.line, borderTopWidth: '1px', margin: '20px 0' },
  cell: {
    fontFamily: font.body,
    fontSize: '16px',
    lineHeight: '22px',
    color: colour.ink,
    padding: '6px 0',
    verticalAlign: 'top',
  },
  amount: {
    fontFamily: font.body,
    fontSize: '16px',
    lineHeight: '22px',
    color: colour.ink,
    padding: '6px 0 6px 12px',
    textAlign: 'right',
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
  },
  footer: { padding: '20px 24px 0' },
  footerText: {
    fontFamily: font.ui,
    fontSize: '13px',
    lineHeight: '20px',
    color: colour.inkMuted,
    margin: '0 0 8px',
    textAlign: 'center',
  },
  footerLink: { color: colour.brand, textDecoration: 'underline' },
  link: { color: colour.brand, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

export interface LayoutProps {
  shop: Shop;
  /** The line mail apps show after the subject. */
  preview: string;
  title: string;
  /** Why this address gets this mail (shown in the footer). */
  reason: string;
  /** Extra footer lines (the marketing mail's way to stop offers). */
  footer?: ReactNode;
  children: ReactNode;
}

export function MailLayout({ shop, preview, title, reason, footer, children }: LayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: HEAD_CSS }} />
      </Head>
      <Preview>{preview}</Preview>
      <Body className="m-body" style={s.body}>
        <Container className="m-page" style={s.page}>
          <Section style={s.header} data-skip-in-text="true">
            <Row>
              <Column style={{ width: '56px' }}>
                <Link href={shop.home}>
                  <Img
                    src={shop.logo}
                    width="44"
                    height="44"
                    alt={shop.name}
                    style={{ ...s.logo, fontFamily: font.ui, fontSize: '10px', color: colour.brand }}
                  />
                </Link>
              </Column>
              <Column>
                <Link href={shop.home} className="m-link" style={s.shopName}>
                  {shop.name}
                </Link>
              </Column>
            </Row>
          </Section>
          <Section className="m-card" style={s.card}>
            <Heading as="h1" className="m-title" style={s.title}>
              <Bidi>{title}</Bidi>
            </Heading>
            {children}
          </Section>
          <Section className="m-footer" style={s.footer}>
            <Text style={s.footerText}>
              {FOOTER_LINKS.map(([path, label], i) => (
                <Fragment key={path}>
                  {i > 0 && ' · '}
                  <Link href={shop.href(path)} style={s.footerLink}>
                    {label}
                  </Link>
                </Fragment>
              ))}
            </Text>
            <Text style={s.footerText}>{reason}</Text>
            {footer}
            <Text style={s.footerText}>{shop.postalAddress}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Text whose direction comes from its content (a name, a title, a message). */
export function Bidi({ children }: { children: ReactNode }) {
  return (
    <span dir="auto" className="m-break">
      {children}
    </span>
  );
}

export function P({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text className={muted ? 'm-muted' : 'm-ink'} style={muted ? s.small : s.text}>
      {children}
    </Text>
  );
}

export function FooterLine({ children }: { children: ReactNode }) {
  return <Text style={s.footerText}>{children}</Text>;
}

/** The mail's main action: a real link drawn as a button (it works with images off). */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={href} className="m-button" style={s.button}>
        {children}
      </Button>
    </Section>
  );
}

/** A link inside a sentence. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="m-link" style={s.link}>
      {children}
    </Link>
  );
}

/** A labelled value set apart (a tracking reference, a discount code); `large` for a code to copy. */
export function Highlight({
  label,
  value,
  large = false,
  prose = false,
}: {
  label: string;
  value: string;
  large?: boolean;
  prose?: boolean;
}) {
  const valueStyle = large
    ? { ...s.boxValue, fontSize: '32px', lineHeight: '40px', letterSpacing: '4px', userSelect: 'all' as const }
    : prose
      ? { ...s.text, margin: 0 }
      : s.boxValue;
  return (
    <Section
      className={large ? 'm-box m-join m-codebox' : 'm-box m-join'}
      style={{ ...s.box, ...(large ? { textAlign: 'center', padding: '20px 16px' } : {}) }}
    >
      <Text className="m-muted" style={s.boxLabel}>
        {label}
      </Text>
      <Text className={large ? 'm-code m-ink' : 'm-ink'} style={valueStyle}>
        <Bidi>{value}</Bidi>
      </Text>
    </Section>
  );
}

/** Lines of text, each in its own direction (a right-to-left line beside a left-to-right one). */
function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      <Bidi>{line}</Bidi>
    </Fragment>
  ));
}

/** Several lines of a person's text (a contact message), each line kept, every character escaped. */
export function Quote({ text }: { text: string }) {
  return (
    <Section className="m-box" style={s.box}>
      <Text className="m-ink" style={{ ...s.text, margin: 0 }}>
        <Lines lines={text.split(/\r\n|\r|\n/)} />
      </Text>
    </Section>
  );
}

export function Rule() {
  return <Hr className="m-rule" style={s.rule} />;
}

/** Label and value on one row (the text version reads "Label: value"). */
export function Pair({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700 } : {};
  return (
    <Row className="m-pair">
      <Column className="m-ink" style={{ ...s.cell, ...weight }}>
        {label}
      </Column>
      <Column className="m-ink" style={{ ...s.amount, ...weight }}>
        {value}
      </Column>
    </Row>
  );
}

export interface OrderLine {
  name: string;
  qty: number;
  unitPence: number;
  /** The cover: a shop path (`/images/<key>/320.webp`) or address; null shows no picture. */
  coverUrl: string | null;
}

/** The books of an order: cover, "2 × Title", the price each and the line's amount (or only cover and title). */
export function OrderLines({
  shop,
  lines,
  hidePrices = false,
}: {
  shop: Shop;
  lines: OrderLine[];
  hidePrices?: boolean;
}) {
  return (
    <Section>
      {lines.map((line, i) => (
        <Row key={i} className="m-line">
          <Column className="m-cover" style={{ width: '56px', padding: '6px 12px 6px 0', verticalAlign: 'top' }}>
            {line.coverUrl ? (
              // A fixed box (the shop's covers are 8:11): no jump when pictures load, and alt text stays in it when they do not.
              <Img
                src={shop.href(line.coverUrl)}
                width="48"
                height="66"
                alt={`Cover of ${line.name}`}
                style={{
                  width: '48px',
                  height: '66px',
                  objectFit: 'cover',
                  borderRadius: '4px',
                  overflow: 'hidden',
                  fontFamily: font.ui,
                  fontSize: '9px',
                  lineHeight: '11px',
                  color: colour.inkMuted,
                }}
              />
            ) : null}
          </Column>
          <Column className="m-ink" style={s.cell}>
            <span className="m-break">
              {!hidePrices && `${line.qty} × `}
              <Bidi>{line.name}</Bidi>
            </span>
            {!hidePrices && line.qty > 1 && (
              <span className="m-muted" style={{ fontFamily: font.ui, fontSize: '13px', color: colour.inkMuted }}>
                {' '}
                ({formatPence(line.unitPence)} each)
              </span>
            )}
          </Column>
          {!hidePrices && (
            <Column className="m-ink" style={s.amount}>
              {formatPence(line.unitPence * line.qty)}
            </Column>
          )}
        </Row>
      ))}
    </Section>
  );
}

export interface OrderTotals {
  subtotalPence: number;
  discount: { code: string; pence: number } | null;
  shippingPence: number;
  totalPence: number;
  /** The delivery zone the order was priced with (decision 148); absent on orders before zones. */
  deliveryZone?: string | null;
}

/** The rows in the order the sum is made: books, shipping, the discount taken from both, the total. */
export function Totals({ totals, totalLabel = 'Total paid' }: { totals: OrderTotals; totalLabel?: string }) {
  return (
    <Section>
      <Pair label="Subtotal" value={formatPence(totals.subtotalPence)} />
      <Pair
        label={totals.deliveryZone ? `Shipping (${totals.deliveryZone})` : 'Shipping'}
        value={totals.shippingPence === 0 ? 'Free' : formatPence(totals.shippingPence)}
      />
      {totals.discount && totals.discount.pence > 0 && (
        <Pair
          label={`Discount on books and shipping (${totals.discount.code})`}
          value={`−${formatPence(totals.discount.pence)}`}
        />
      )}
      <Pair label={totalLabel} value={formatPence(totals.totalPence)} strong />
    </Section>
  );
}

/** Where an order goes (Stripe Checkout's shipping fields). */
export type { DeliveryAddress };

/** The delivery address as a label; the owner's copy adds the phone number. */
export function Address({ address, withPhone = false }: { address: DeliveryAddress; withPhone?: boolean }) {
  const lines = [...addressLines(address), ...(withPhone && address.phone ? [`Phone: ${address.phone}`] : [])];
  return (
    <Section className="m-box" style={s.box}>
      <Text className="m-muted" style={s.boxLabel}>
        Delivery address
      </Text>
      <Text className="m-ink" style={{ ...s.text, margin: 0 }}>
        <Lines lines={lines} />
      </Text>
    </Section>
  );
}
