/**
 * Privacy Policy (last updated 17/05/2025): what a small UK shop keeps, why, for how long, and your
 * rights. The spec quotes that date, so what the delivery address added (issue 14) is a section of
 * its own with the date it was added. The periods come from the shop's configuration (issue 28,
 * decision 146), the same the daily retention job applies.
 */
import { Link } from 'react-router';
import { period } from '@shared/privacy';
import { clientConfig } from '../lib/config';
import styles from '../styles/pages.module.css';

export const PRIVACY_LAST_UPDATED = '17/05/2025';

export function PrivacyPage() {
  const shop = clientConfig.shopName;
  const { retention } = clientConfig;
  return (
    <main className={styles.page}>
      <h1>Privacy Policy</h1>
      <p className={styles.updated}>Last updated: {PRIVACY_LAST_UPDATED}</p>
      <div className={styles.prose}>
        <p>
          This policy explains what personal data {shop} (“we”, “us”) collects when you visit our shop, buy from us or
          write to us, why we use it, who we share it with, how long we keep it and what your rights are under the UK
          General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. We are the controller of this
          data. For any question about it, or to use your rights, write to us through our{' '}
          <Link to="/contact">contact page</Link>.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, a securely hashed password (we never see or store the
            password itself), whether your address is verified, and, if you sign in with Google or Facebook, the account
            identifier and e-mail address that service shares with us.
          </li>
          <li>
            <strong>Your orders:</strong> the books, quantities and prices, the order total, any discount code used,
            your e-mail address, and the delivery name and address you give at checkout, plus the order’s print and
            tracking references.
          </li>
          <li>
            <strong>Payments:</strong> card payments are taken by our payment provider on its own secure pages. We never
            receive or store your full card number; we receive a confirmation that the payment succeeded.
          </li>
          <li>
            <strong>Your basket and wishlist</strong> when you are signed in, so they follow you between devices.
          </li>
          <li>
            <strong>Reviews</strong> you choose to write: the rating and text. Next to a review we show only the part of
            your e-mail address before the @ sign.
          </li>
          <li>
            <strong>Messages</strong> you send through the contact form: your e-mail address, any order reference and
            your message.
          </li>
          <li>
            <strong>Technical data:</strong> our servers keep short-lived logs (time, page requested, IP address,
            browser type) to keep the shop running and to stop abuse such as password guessing.
          </li>
        </ul>

        <h2>Why we use it, and our lawful basis</h2>
        <ul>
          <li>
            <strong>To make and deliver your order</strong>, send order and delivery e-mails and handle returns:
            necessary for our contract with you.
          </li>
          <li>
            <strong>To run your account</strong>, keep your basket and wishlist, verify your e-mail address and reset
            your password: necessary for our contract with you.
          </li>
          <li>
            <strong>To answer your messages</strong> and ask for a review of books you received: our legitimate interest
            in looking after our customers.
          </li>
          <li>
            <strong>To keep the shop secure</strong> and prevent fraud and abuse: our legitimate interest, and our legal
            duty to protect your data.
          </li>
          <li>
            <strong>To keep accounting records</strong> of sales: a legal obligation.
          </li>
          <li>
            <strong>Discount codes</strong> are only e-mailed to you when we have your agreement or you are an existing
            customer who has not opted out; you can ask us to stop at any time.
          </li>
        </ul>

        <h2>Who we share it with</h2>
        <p>We never sell your data. We share only what each service needs to do its job for us:</p>
        <ul>
          <li>our card payment provider, to take your payment;</li>
          <li>
            our print-on-demand partner, which prints and posts your books (your name, delivery address and the books);
          </li>
          <li>our e-mail delivery and hosting providers, which store and carry data on our behalf;</li>
          <li>Google or Facebook, only if you choose to sign in with them;</li>
          <li>authorities, where the law requires it.</li>
        </ul>
        <p>
          Some of these providers may process data outside the UK. Where they do, the transfer is protected by UK
          adequacy regulations or the UK International Data Transfer Agreement or Addendum.
        </p>

        <h2>How long we keep it</h2>
        <ul>
          <li>
            Order and payment records: the books, amounts, date and status of an order are kept for{' '}
            {period(retention.orderYears, 'year')} after the end of the UK tax year of the order (tax years end on 5
            April), as tax law requires. Your name, delivery address, phone number and e-mail address are removed from
            the order at that point, or earlier if you delete your account.
          </li>
          <li>Your account, basket and wishlist: until you delete your account (see below).</li>
          <li>
            Accounts whose e-mail address was never verified and that were never used to buy anything: deleted after{' '}
            {period(retention.unverifiedAccountDays, 'day')}.
          </li>
          <li>Contact messages: deleted {period(retention.contactMonths, 'month')} after you sent them.</li>
          <li>Copies of the e-mails we send you: deleted after {period(retention.mailDays, 'day')}.</li>
          <li>Server logs: up to 30 days.</li>
        </ul>
        <p>These periods are applied automatically every day.</p>

        <h2>Delivery details (added 26/11/2026)</h2>
        <p>
          When you order, we keep with your order the delivery details you give at checkout (or on our payment
          provider’s page): your <strong>name</strong>, <strong>delivery address</strong> and{' '}
          <strong>phone number</strong>.
        </p>
        <ul>
          <li>
            <strong>Why:</strong> to print your books and post them to you, and for the courier’s tracked delivery:
            couriers ask for a phone number in case they need to reach you about a parcel. This is necessary for our
            contract with you. We do not use your phone number for anything else, and never for marketing.
          </li>
          <li>
            <strong>Who receives them:</strong> our print partner BookVault, which prints and posts your books, and the
            courier it hands the parcel to. They receive your name, address and phone number with the books of your
            order, for that purpose only.
          </li>
          <li>
            <strong>How long:</strong> they are part of the order record, so we keep them with the order for six years
            after the end of the financial year of the order, as UK accounting rules require for sales records, and then
            delete them.
          </li>
          <li>
            <strong>At your next order:</strong> if you have an account, the address of your last order is filled in for
            you at checkout. You can change it there; the change applies to the new order only, and past orders keep the
            address they were sent to.
          </li>
        </ul>
        <p>
          Your rights below apply to these details too, including having a wrong address corrected before an order is
          posted.
        </p>

        <h2>Cookies and local storage</h2>
        <p>
          We do not use advertising or tracking cookies. The shop keeps a few things in your browser’s local storage so
          it works: your sign-in token, your basket while you are not signed in, a copy of the catalogue so pages load
          quickly, and whether you have accepted our cookie notice. These are strictly necessary for the service you ask
          for; you can clear them at any time in your browser’s settings.
        </p>

        <h2>Your rights</h2>
        <p>You have the right to:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased, where we have no legal reason to keep it;</li>
          <li>restrict or object to our use of your data, including for direct marketing at any time;</li>
          <li>receive the data you gave us in a portable format.</li>
        </ul>
        <p>
          <strong>How to ask:</strong> if you have an account, open your <Link to="/profile">profile</Link>:{' '}
          <em>Download my data</em> gives you a copy of everything we hold about you as one file, and{' '}
          <em>Delete my account</em> erases your personal data at once (it says exactly what is deleted and what we must
          keep). Without an account (for example after buying as a guest), write to us through our{' '}
          <Link to="/contact">contact page</Link> from the e-mail address you used, and we will send you your data or
          erase it.
        </p>
        <p>
          We answer within one month and do not charge for it. If you are unhappy with how we have handled your data,
          please tell us first; you also have the right to complain to the Information Commissioner’s Office (ICO),
          ico.org.uk, telephone 0303 123 1113.
        </p>

        <h2>Children</h2>
        <p>
          Many of our books are for children, but our shop is meant to be used by adults. We do not knowingly collect
          data from children under 13; if you think a child has given us their data, contact us and we will delete it.
        </p>

        <h2>Security</h2>
        <p>
          Connections to the shop are encrypted, passwords are stored only as strong one-way hashes, and access to
          customer data is limited to the people who need it to run the shop.
        </p>

        <h2>Changes to this policy</h2>
        <p>
          If we change this policy we will update the date at the top of this page, and tell you by e-mail of any
          important change that affects you.
        </p>
      </div>
    </main>
  );
}
