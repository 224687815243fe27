/**
 * /admin/discounts: 'Manage Discounts'. Percentage (default 10, 1 to 99), which product types
 * and ages the code covers (none ticked = everything), and the recipient. The server makes a
 * one-use code valid for 30 days and e-mails it.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { DISCOUNT_PERCENT_DEFAULT, DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN, PRODUCT_AGES } from '@shared/constants';
import { isValidDiscountPercent, type SentDiscount } from '@shared/contracts/discounts';
import * as MSG from '@shared/messages';
import { isValidEmail } from '@shared/validation';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useBanner } from '../../../lib/banner';
import { useAdminProducts } from '../../products';
import { useSendDiscountCode } from './api';
import page from '../../../styles/admin.module.css';
import styles from './Discounts.module.css';

type Age = (typeof PRODUCT_AGES)[number] | '';
const AGE_CHOICES: Array<{ value: Age; label: string }> = [
  ...PRODUCT_AGES.map((age) => ({ value: age, label: age })),
  { value: '', label: MSG.allAges },
];

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

export function DiscountsPage() {
  const products = useAdminProducts();
  const send = useSendDiscountCode();
  const banner = useBanner();
  const [percentage, setPercentage] = useState(String(DISCOUNT_PERCENT_DEFAULT));
  const [types, setTypes] = useState<string[]>([]);
  const [ages, setAges] = useState<Age[]>([]);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<SentDiscount | null>(null);

  const typeChoices = useMemo(
    () =>
      [...new Set((products.data ?? []).map((product) => product.type).filter(Boolean))].sort((a, b) =>
        a.localeCompare(b),
      ),
    [products.data],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!isValidDiscountPercent(percentage)) return setProblem(MSG.discountPercentRule);
    if (!isValidEmail(email)) return setProblem(MSG.invalidEmail);
    send.mutate(
      { percentage: Number(percentage), types, ages, email: email.trim() },
      {
        onSuccess: (result) => {
          setSent(result);
          banner.show({ content: MSG.promoSent, action: 'success' });
          setEmail('');
        },
        onError: () => setProblem(MSG.errorSendingPromo),
      },
    );
  };

  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          Manage Discounts
        </h1>
      </div>
      <div className={styles.layout}>
        <form className={page.panel} onSubmit={onSubmit} noValidate aria-busy={send.isPending}>
          <div aria-live="assertive">
            {problem && (
              <p className={`${page.alert} ${page.danger}`} role="alert">
                {problem}
              </p>
            )}
          </div>
          <div className={page.field}>
            <label className={page.label} htmlFor="discount-percentage">
              Discount percentage
            </label>
            <div className={styles.percent}>
              <input
                id="discount-percentage"
                className={page.input}
                type="number"
                inputMode="numeric"
                min={DISCOUNT_PERCENT_MIN}
                max={DISCOUNT_PERCENT_MAX}
                step={1}
                value={percentage}
                onChange={(event) => setPercentage(event.target.value)}
                aria-describedby="discount-percentage-hint"
              />
              <span aria-hidden="true">%</span>
            </div>
            <span className={page.hint} id="discount-percentage-hint">
              A whole number from {DISCOUNT_PERCENT_MIN} to {DISCOUNT_PERCENT_MAX}.
            </span>
          </div>

          <fieldset className={styles.choices}>
            <legend className={page.label}>Product types</legend>
            <p className={page.hint}>Tick none for every type.</p>
            {products.isPending ? (
              <Spinner label="Loading product types" />
            ) : (
              <div className={styles.chips}>
                {typeChoices.map((type) => (
                  <label key={type} className={styles.chip}>
                    <input
                      type="checkbox"
                      checked={types.includes(type)}
                      onChange={() => setTypes((current) => toggle(current, type))}
                    />
                    {type}
                  </label>
                ))}
              </div>
            )}
          </fieldset>

          <fieldset className={styles.choices}>
            <legend className={page.label}>Ages</legend>
            <p className={page.hint}>Tick none for every age.</p>
            <div className={styles.chips}>
              {AGE_CHOICES.map((choice) => (
                <label key={choice.label} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={ages.includes(choice.value)}
                    onChange={() => setAges((current) => toggle(current, choice.value))}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>

          <div className={page.field}>
            <label className={page.label} htmlFor="discount-email">
              Recipient e-mail
            </label>
            <input
              id="discount-email"
              className={page.input}
              type="email"
              autoComplete="off"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>

          <div className={page.actions}>
            <Button type="submit" disabled={send.isPending}>
              Send code
            </Button>
          </div>
          {send.isPending && <Spinner label="Sending" />}
        </form>

        <aside className={`${page.panel} ${styles.sent}`} aria-live="polite">
          <h2>{sent ? 'Last code sent' : 'How codes work'}</h2>
          {sent ? (
            <dl className={styles.details}>
              <dt>Code</dt>
              <dd className={styles.code}>{sent.code}</dd>
              <dt>To</dt>
              <dd>{sent.email}</dd>
              <dt>Discount</dt>
              <dd>{sent.percentage}%</dd>
              <dt>Covers</dt>
              <dd>
                {sent.types.length ? sent.types.join(', ') : 'All types'} ·{' '}
                {sent.ages.length ? sent.ages.map((age) => age || MSG.allAges).join(', ') : 'All ages'}
              </dd>
              <dt>Valid until</dt>
              <dd>{new Date(sent.expiresAt).toLocaleDateString('en-GB')}</dd>
            </dl>
          ) : (
            <p className={page.muted}>Codes can be used once, within 30 days, in the shopper's basket.</p>
          )}
        </aside>
      </div>
    </main>
  );
}
