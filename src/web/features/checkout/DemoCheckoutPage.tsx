/**
 * /checkout/demo/:sessionId: the embedded stand-in for the card provider's hosted page, used when
 * the shop has no Stripe keys. It is clearly a demo: no card details are asked for and nothing is
 * charged. It asks where the books go (a signed-in customer finds their last address filled in)
 * and checks the address with the server's own rules (src/shared/delivery-address.ts) before
 * anything is sent. Pay completes the order through the same server function as a paid Stripe
 * session; Cancel closes the checkout (its discount code is free again at once) and goes back to
 * the basket with nothing lost.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { DemoCheckout } from '@shared/contracts/checkout';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  addressProblems,
  byCountryName,
  countryName,
  normaliseAddress,
  type AddressField,
  type DeliveryAddress,
} from '@shared/delivery-address';
import { IMPORT_CHARGES_NOTICE, isAbroad } from '@shared/delivery-zones';
import * as MSG from '@shared/messages';
import { Button } from '../../components/Button';
import { PricedLines } from '../../components/PricedLines';
import { PriceRows } from '../../components/PriceRows';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { formatPounds } from '../../lib/format';
import { useSession } from '../../lib/session';
import {
  useCancelDemoCheckout,
  useDemoCheckout,
  useLastDeliveryAddress,
  usePayDemoCheckout,
} from './api/demo-checkout';
import styles from './DemoCheckout.module.css';

export const DEMO_LABEL = 'Demo payment: no card is charged';

type FormField = AddressField | 'email';
type AddressValues = Record<AddressField, string>;

/** The browser's autofill names for each field (the shipping section: where the books go). */
const AUTOCOMPLETE: Record<AddressField, string> = {
  name: 'shipping name',
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  county: 'shipping address-level1',
  postcode: 'shipping postal-code',
  country: 'shipping country',
  phone: 'shipping tel',
};
const OPTIONAL_FIELDS = new Set<FormField>(['line2', 'county']);
/** The order the fields appear in, so the first bad one is the one focused. */
const FORM_FIELDS: readonly FormField[] = [...ADDRESS_FIELDS, 'email'];

/** Loose on purpose: the server checks the address properly; this only catches a missing or half-typed one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_PROBLEM = 'Please enter a valid email address for your receipt.';

/** The form's first values: the last address (one in the basket's zone), else empty with the basket's destination. */
function startingValues(address: DeliveryAddress | null, checkout: DemoCheckout): AddressValues {
  const country = address?.country ?? checkout.country;
  return {
    name: address?.name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    county: address?.county ?? '',
    postcode: address?.postcode ?? '',
    country,
    phone: address?.phone ?? '',
  };
}

export function DemoCheckoutPage() {
  const { sessionId = '' } = useParams();
  const { session } = useSession();
  const checkout = useDemoCheckout(sessionId);
  // A customer's last address fills the form once it is drawn, so the form waits for it; a failed read leaves the form empty.
  const lastAddress = useLastDeliveryAddress(session?.id ?? null);

  let content: ReactNode;
  if (checkout.isPending || (session && lastAddress.isPending)) {
    content = <Spinner label="Loading your checkout" />;
  } else if (checkout.isError) {
    content = (
      <div className={styles.state}>
        <p role="alert">
          {checkout.error instanceof ApiError && checkout.error.status === 404
            ? 'This checkout does not exist.'
            : MSG.somethingWentWrong}
        </p>
        <Link to="/cart">Back to your basket</Link>
      </div>
    );
  } else if (checkout.data.status === 'completed') {
    content = (
      <div className={styles.state}>
        <p>This checkout has already been paid.</p>
        <Link to={`/cart?order_success=true&token=${encodeURIComponent(sessionId)}`}>See your order confirmation</Link>
      </div>
    );
  } else if (checkout.data.status === 'expired') {
    content = (
      <div className={styles.state}>
        <p role="alert">This checkout has expired. Your basket is still there.</p>
        <Link to="/cart">Back to your basket</Link>
      </div>
    );
  } else {
    content = (
      <CheckoutForm sessionId={sessionId} checkout={checkout.data} initialAddress={lastAddress.data?.address ?? null} />
    );
  }

  return (
    <main className={`page ${styles.page}`}>
      <p className={styles.demoLabel} role="note">
        {DEMO_LABEL}
      </p>
      <h1 className={styles.title}>Checkout</h1>
      {content}
    </main>
  );
}

function CheckoutForm({
  sessionId,
  checkout,
  initialAddress,
}: {
  sessionId: string;
  checkout: DemoCheckout;
  initialAddress: DeliveryAddress | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const pay = usePayDemoCheckout(sessionId);
  const cancel = useCancelDemoCheckout(sessionId);
  // A last address outside the basket's zone is not filled in (it could not be paid here); the shopper is told why.
  const lastAddress = initialAddress && checkout.countries.includes(initialAddress.country) ? initialAddress : null;
  const [values, setValues] = useState<AddressValues>(() => startingValues(lastAddress, checkout));
  const [email, setEmail] = useState('');
  /** Fields the shopper has left: their messages show from then on (every field's after a submit). */
  const [left, setLeft] = useState<ReadonlySet<FormField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const controls = useRef<Partial<Record<FormField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const busy = pay.isPending || cancel.isPending;

  const problems: Partial<Record<FormField, string>> = addressProblems(normaliseAddress(values), checkout.countries);
  if (checkout.needsEmail && !EMAIL.test(email.trim())) problems.email = EMAIL_PROBLEM;
  const shownProblem = (field: FormField) => (submitted || left.has(field) ? problems[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setSubmitted(true);
    const firstBad = FORM_FIELDS.find((field) => problems[field]);
    if (firstBad) {
      controls.current[firstBad]?.focus();
      return;
    }
    const body = { address: normaliseAddress(values), ...(checkout.needsEmail ? { email: email.trim() } : {}) };
    pay.mutate(body, {
      onSuccess: ({ redirect }) => navigate(redirect, { replace: true }),
      onError: (err) =>
        setServerError(err instanceof ApiError && err.status < 500 ? err.message : MSG.errorCheckingOut),
    });
  };

  // Back to the basket whatever the answer: if the cancel did not reach the server, the basket tries again.
  const leave = () => cancel.mutate(undefined, { onSettled: () => navigate('/cart') });

  /** A field: its label above, an optional hint, the control, and its message under it once it is shown. */
  const field = (
    name: FormField,
    label: string,
    control: (props: ControlProps) => ReactNode,
    options: { hint?: string; wide?: boolean } = {},
  ) => {
    const controlId = `${id}-${name}`;
    const problem = shownProblem(name);
    const describedBy = [options.hint && `${controlId}-hint`, problem && `${controlId}-error`]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={`${styles.field} ${options.wide ? styles.wide : ''}`}>
        <label htmlFor={controlId} className={styles.label}>
          {label}
          {OPTIONAL_FIELDS.has(name) && <span className={styles.optional}> (optional)</span>}
        </label>
        {options.hint && (
          <p id={`${controlId}-hint`} className={styles.hint}>
            {options.hint}
          </p>
        )}
        {control({
          id: controlId,
          name,
          ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
            controls.current[name] = element;
          },
          className: styles.input,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': describedBy || undefined,
          onBlur: () => setLeft((fields) => (fields.has(name) ? fields : new Set(fields).add(name))),
        })}
        {problem && (
          <p id={`${controlId}-error`} className={styles.error}>
            {problem}
          </p>
        )}
      </div>
    );
  };

  const text =
    (name: AddressField, extra: { type?: string; autoCapitalize?: string; spellCheck?: boolean } = {}) =>
    (props: ControlProps) => (
      <input
        {...props}
        type={extra.type ?? 'text'}
        autoComplete={AUTOCOMPLETE[name]}
        autoCapitalize={extra.autoCapitalize}
        spellCheck={extra.spellCheck}
        required={!OPTIONAL_FIELDS.has(name)}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    );

  const countries = byCountryName(checkout.countries);

  return (
    <form className={styles.layout} onSubmit={submit} noValidate aria-label="Checkout">
      <div className={styles.details}>
        <section className={styles.panel} aria-labelledby={`${id}-delivery`}>
          <h2 id={`${id}-delivery`} className={styles.panelTitle}>
            Delivery address
          </h2>
          <p className={styles.intro}>
            {lastAddress
              ? 'We filled in the address of your last order: change anything that is different this time.'
              : 'Your books are printed for you and posted to this address.'}
          </p>
          <p className={styles.intro} data-testid="delivery-zone">
            {outsideZone(initialAddress, checkout)}
          </p>
          <div className={styles.grid}>
            {field('name', ADDRESS_LABELS.name, text('name', { autoCapitalize: 'words', spellCheck: false }), {
              wide: true,
            })}
            {field('line1', ADDRESS_LABELS.line1, text('line1'), { wide: true })}
            {field('line2', ADDRESS_LABELS.line2, text('line2'), { wide: true })}
            {field('city', ADDRESS_LABELS.city, text('city'))}
            {field('county', ADDRESS_LABELS.county, text('county'))}
            {field(
              'postcode',
              ADDRESS_LABELS.postcode,
              text('postcode', { autoCapitalize: 'characters', spellCheck: false }),
            )}
            {field('country', ADDRESS_LABELS.country, (props) => (
              <select
                {...props}
                autoComplete={AUTOCOMPLETE.country}
                required
                value={values.country}
                onChange={(event) => setValues((current) => ({ ...current, country: event.target.value }))}
              >
                {!countries.includes(values.country) && <option value="">Choose a country</option>}
                {countries.map((code) => (
                  <option key={code} value={code}>
                    {countryName(code)}
                  </option>
                ))}
              </select>
            ))}
          </div>
        </section>

        <section className={styles.panel} aria-labelledby={`${id}-contact`}>
          <h2 id={`${id}-contact`} className={styles.panelTitle}>
            Contact details
          </h2>
          <div className={styles.grid}>
            {field('phone', ADDRESS_LABELS.phone, text('phone', { type: 'tel' }), {
              hint: 'Only for the courier, in case they need to reach you about the delivery.',
              wide: true,
            })}
            {checkout.needsEmail &&
              field(
                'email',
                'Email for your receipt',
                (props) => (
                  <input
                    {...props}
                    type="email"
                    autoComplete="email"
                    required
                    spellCheck={false}
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                ),
                { hint: 'We send your order confirmation here, and tell you when your books ship.', wide: true },
              )}
          </div>
        </section>
      </div>

      <div className={styles.side}>
        <section className={styles.summary} aria-labelledby={`${id}-summary`}>
          <h2 id={`${id}-summary`} className={styles.panelTitle}>
            Your order
          </h2>
          <PricedLines
            caption="Your order"
            lines={checkout.lines.map((line) => ({
              key: line.product_id,
              name: line.name,
              qty: line.qty,
              unitPrice: line.unit_price,
            }))}
          />
          <PriceRows
            subtotal={formatPounds(checkout.subtotal)}
            shippingLabel={`Delivery (${checkout.zone})`}
            shipping={checkout.shipping === 0 ? 'Free' : formatPounds(checkout.shipping)}
            discount={
              checkout.discount > 0
                ? {
                    label: `Discount on books and shipping (${checkout.discount_code})`,
                    amount: formatPounds(checkout.discount),
                  }
                : null
            }
            total={{ label: 'Total', amount: formatPounds(checkout.total) }}
            classes={{ list: styles.totals, total: styles.total }}
          />
        </section>

        {isAbroad(values.country) && (
          <p className={styles.importNotice} role="note">
            {IMPORT_CHARGES_NOTICE}
          </p>
        )}
        <div className={styles.actions}>
          {serverError && (
            <p className={styles.payError} role="alert">
              {serverError}
            </p>
          )}
          <Button type="submit" className={styles.pay} disabled={busy}>
            {pay.isPending ? 'Paying…' : `Pay ${formatPounds(checkout.total)}`}
          </Button>
          <Button variant="secondary" onClick={leave} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * What the basket was priced for (decision 149): the zone's countries only; a last address
 * elsewhere is not offered, and the shopper is told how to send there.
 */
function outsideZone(address: DeliveryAddress | null, checkout: DemoCheckout): string {
  const priced = `Your basket was priced for delivery to ${countryName(checkout.country)} (${checkout.zone})${checkout.estimate ? `, usually ${checkout.estimate}` : ''}.`;
  if (address && !checkout.countries.includes(address.country))
    return `${priced} Your last order went to ${countryName(address.country)}: to send there, go back to your basket, choose ${countryName(address.country)} as the destination and check out again.`;
  return checkout.countries.length > 1
    ? `${priced} This checkout sends to ${checkout.countries.map(countryName).join(', ')}; for another country, choose it in your basket.`
    : `${priced} To send elsewhere, go back to your basket and choose the destination there.`;
}

interface ControlProps {
  id: string;
  name: string;
  ref: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onBlur: () => void;
}
