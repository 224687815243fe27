/**
 * Terms of sale (/terms): cancelling, refunds, returns, parcels lost or damaged in the post, and
 * misprints, in plain words (issue 26, decision 140). Every sentence of the terms is in this file;
 * the periods and the laws' names come from `@shared/terms`, so a lawyer's correction is one edit.
 * Linked from the footer's Quick Links, beside the basket's Checkout and in the confirmation mail.
 */
import { Link } from 'react-router';
import {
  CANCEL_DAYS_AFTER_DELIVERY,
  CONSUMER_CONTRACTS_REGULATIONS,
  CONSUMER_RIGHTS_ACT,
  REFUND_DAYS,
  REFUND_STATEMENT_TIME,
  REJECT_FAULTY_DAYS,
  RETURN_DAYS,
  TERMS_LAST_UPDATED,
} from '@shared/terms';
import { clientConfig } from '../lib/config';
import pages from '../styles/pages.module.css';
import styles from './TermsPage.module.css';

const contact = <Link to="/contact">contact page</Link>;

export function TermsPage() {
  const shop = clientConfig.shopName;
  return (
    <main className={pages.page}>
      <h1>Terms of sale</h1>
      <p className={pages.updated}>Last updated: {TERMS_LAST_UPDATED}</p>
      <p className={pages.lead}>
        Cancelling an order, getting your money back, and what happens if a parcel goes missing or a book arrives
        damaged or misprinted.
      </p>

      <nav className={styles.contents} aria-labelledby="terms-contents">
        <h2 id="terms-contents" className={styles.contentsTitle}>
          On this page
        </h2>
        <ol>
          <li>
            <a href="#before-printing">Cancelling before we print</a>
          </li>
          <li>
            <a href="#after-printing">Cancelling once your order is with the printer</a>
          </li>
          <li>
            <a href="#cancel-after-delivery">Your right to cancel after delivery</a>
          </li>
          <li>
            <a href="#refunds">Refunds</a>
          </li>
          <li>
            <a href="#lost-damaged">Lost or damaged parcels</a>
          </li>
          <li>
            <a href="#misprints">Misprints and faulty books</a>
          </li>
          <li>
            <a href="#reach-us">How to reach us</a>
          </li>
        </ol>
      </nav>

      <div className={`${pages.prose} ${styles.anchors}`}>
        <p>
          These terms apply when you buy books from {shop} as a consumer in the UK. They explain your rights in plain
          words; they never take away the rights the law gives you.
        </p>

        <h2 id="before-printing">Cancelling before we print</h2>
        <p>
          Every book is printed for you. After you pay, your order waits a short while before it goes to our printer, so
          that you can still change your mind for free. Your confirmation e-mail says until what time.
        </p>
        <ul>
          <li>
            <strong>With an account:</strong> sign in, open <Link to="/profile">Your account</Link> and choose{' '}
            <strong>Cancel this order</strong> beside the order.
          </li>
          <li>
            <strong>Without an account:</strong> use the <strong>Cancel this order</strong> link in your confirmation
            e-mail. The link works once.
          </li>
        </ul>
        <p>The order is cancelled at once, nothing is printed, and we refund everything you paid, postage included.</p>

        <h2 id="after-printing">Cancelling once your order is with the printer</h2>
        <p>
          Once the waiting time is over the order is with our printer and you can no longer cancel it yourself. Write to
          us through our {contact} with your order number as soon as you can: if printing has not started we stop it and
          refund you in full. If it has, your books are posted as usual and you keep your right to cancel after
          delivery.
        </p>

        <h2 id="cancel-after-delivery">Your right to cancel after delivery</h2>
        <p>
          Under the {CONSUMER_CONTRACTS_REGULATIONS}, you may cancel your order within{' '}
          <strong>{CANCEL_DAYS_AFTER_DELIVERY} days of the day you receive the books</strong>, without giving a reason.
          If an order arrives in more than one parcel, the {CANCEL_DAYS_AFTER_DELIVERY} days run from the day the last
          one arrives.
        </p>
        <ul>
          <li>
            <strong>Tell us</strong> before the {CANCEL_DAYS_AFTER_DELIVERY} days are over, through our {contact}, with
            your order number. A clear sentence is enough; you may also use the model form below.
          </li>
          <li>
            <strong>Send the books back</strong> within {RETURN_DAYS} days of telling us. We give you the return address
            when we reply. Unless the books are faulty or not what you ordered, you pay the return postage.
          </li>
          <li>
            Our books are made for pencils and pens. If a book comes back written or coloured in, we may take the loss
            in its value from your refund, as the law allows.
          </li>
        </ul>
        <div className={styles.form} role="group" aria-labelledby="model-form">
          <h3 id="model-form">Model cancellation form</h3>
          <p>
            To {shop} (through the contact page):
            <br />I hereby give notice that I cancel my contract of sale of the following goods: [books and order
            number]. Ordered on [date] / received on [date]. Name: [your name]. Address: [your address]. Date: [today’s
            date].
          </p>
        </div>

        <h2 id="refunds">Refunds</h2>
        <ul>
          <li>
            <strong>What we refund:</strong> everything you paid for the books you cancel, and the standard postage of
            the order when you cancel all of it.
          </li>
          <li>
            <strong>When:</strong> at once when you cancel before printing. After delivery, within {REFUND_DAYS} days of
            receiving the books back, or of your proof of posting them if that comes first.
          </li>
          <li>
            <strong>How:</strong> to the card you paid with. A card refund takes {REFUND_STATEMENT_TIME} to show on your
            statement. We e-mail you when we make it, and your order in Your account shows it as Refunded or Partly
            refunded.
          </li>
        </ul>

        <h2 id="lost-damaged">Lost or damaged parcels</h2>
        <p>
          Your books are our responsibility until they are in your hands ({CONSUMER_RIGHTS_ACT}, section 29). If a
          parcel is lost, arrives damaged, or tracking says delivered but nothing came, tell us through our {contact}.
          We send you new copies or refund you in full, as you prefer, at no cost to you. You never have to claim from
          the carrier yourself, or wait for us to do so.
        </p>

        <h2 id="misprints">Misprints and faulty books</h2>
        <p>
          A book with missing or repeated pages, smudged or cut-off printing, or a loose binding is faulty under the{' '}
          {CONSUMER_RIGHTS_ACT}. Send us a photo of the fault through our {contact}. Within {REJECT_FAULTY_DAYS} days of
          delivery you may choose a full refund; after that we replace the book, or refund you if a replacement cannot
          put it right. We pay any postage, and tell you whether we need the faulty copy back.
        </p>

        <h2 id="reach-us">How to reach us</h2>
        <p>
          Write to us through our {contact}, with your order number (the 10 characters in your confirmation e-mail, also
          shown in Your account).
        </p>
        <p className={styles.small}>
          These terms do not affect your statutory rights. If we change them, the date at the top of this page changes;
          an order keeps the terms of the day it was placed.
        </p>
      </div>
    </main>
  );
}
