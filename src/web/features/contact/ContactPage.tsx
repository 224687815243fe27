/** Contact Us: email and message required, order reference optional (spec sections 2 and 5). */
import { useState, type FormEvent } from 'react';
import * as MSG from '@shared/messages';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { clientConfig } from '../../lib/config';
import { useSendContactMessage } from './api/send-contact-message';
import styles from '../../styles/pages.module.css';

export function ContactPage() {
  const [email, setEmail] = useState('');
  const [orderRef, setOrderRef] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { show } = useBanner();
  const send = useSendContactMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    send.mutate(
      { email, orderRef, text },
      {
        onSuccess: () => {
          show({ content: MSG.messageSent, action: 'success' });
          setEmail('');
          setOrderRef('');
          setText('');
        },
        onError: (error) => {
          show({ content: MSG.errorSendingMessage, action: 'error' });
          if (error instanceof ApiError && (error.status === 400 || error.status === 429)) setProblem(error.message);
        },
      },
    );
  };

  return (
    <main className={styles.page}>
      <h1>Contact Us</h1>
      <p className={styles.lead}>
        A question about a book, an order or printing? Write to us and a real person at {clientConfig.shopName} will
        answer by e-mail, usually within two working days.
      </p>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate={false}>
        <div className={styles.field}>
          <label htmlFor="contact-email" className={styles.label}>
            Email
          </label>
          <input
            id="contact-email"
            className={styles.input}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-order" className={styles.label}>
            Order reference <span className={styles.hint}>(optional)</span>
          </label>
          <input
            id="contact-order"
            className={styles.input}
            maxLength={100}
            value={orderRef}
            onChange={(e) => setOrderRef(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-message" className={styles.label}>
            Message
          </label>
          <textarea
            id="contact-message"
            className={styles.input}
            required
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send message'}
          </Button>
        </div>
      </form>
    </main>
  );
}
