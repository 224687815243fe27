/**
 * Every template with awkward data, for the mail tests: very long names and words, markup where
 * text belongs, right-to-left text, 20 order lines and a 99 % discount. `realisticMails` is the
 * same set with ordinary shop data (what spam filters see day to day).
 */
import { ORDER_STATUSES, type OrderStatus } from '@shared/order-status';
import type { MailData, MailName } from './render';

export type MailCase = { [N in MailName]: { label: string; name: N; data: MailData<N> } }[MailName];

export const SCRIPT = '<script>alert("mail")</script><img src=x onerror=alert(1)>';
export const RTL = 'كتاب الألغاز الكبير للأطفال';
export const HEBREW = 'ספר החידות הגדול';
export const LONG = `${'The Extraordinarily Long and Winding Title of a Puzzle Book '.repeat(3)}${'Supercalifragilistic'.repeat(5)}`;
const ORDER_ID = '7d1f0c3e-2b4a-4e59-9c8d-6a5b4c3d2e1f';

const names = [LONG, SCRIPT, RTL, HEBREW, 'Maze Book'];
const cover = (i: number) => (i % 4 === 3 ? null : `/images/${String(i % 10).repeat(64)}/320.webp`);

/** 20 lines: quantities 1 to 10, prices from 99p to £99.99. */
export function twentyLines() {
  return Array.from({ length: 20 }, (_, i) => ({
    name: `${names[i % names.length]} ${i + 1}`,
    qty: (i % 10) + 1,
    unitPence: 99 + i * 523,
    coverUrl: cover(i),
  }));
}

function totals(lines: { qty: number; unitPence: number }[], percentage: number, shippingPence: number) {
  const subtotalPence = lines.reduce((sum, line) => sum + line.qty * line.unitPence, 0);
  const discountPence = Math.floor((subtotalPence * percentage + 50) / 100);
  return {
    subtotalPence,
    discount: percentage ? { code: 'BOOK-K7P2-QX9M-H4TD', pence: discountPence } : null,
    shippingPence,
    totalPence: subtotalPence - discountPence + shippingPence,
  };
}

type StatusMailData = Omit<MailData<'orderStatus'>, 'orderId' | 'status'>;

/** One status mail per status of the table: a new status fails to compile until its data is here. */
const statusMails = (data: Record<OrderStatus, StatusMailData>): MailCase[] =>
  ORDER_STATUSES.map((status) => ({
    label: `order status: ${status}${data[status].statusChanged ? '' : ' (updated)'}`,
    name: 'orderStatus',
    data: { orderId: ORDER_ID, status, ...data[status] },
  }));

const awkwardAddress = {
  name: `${SCRIPT} ${RTL}`,
  line1: LONG,
  line2: HEBREW,
  city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  county: '',
  postcode: 'LL61 5UJ',
  country: 'GB',
  phone: '+44 7700 900123',
};

export function awkwardMails(publicUrl: string): MailCase[] {
  const lines = twentyLines();
  const token = encodeURIComponent(`tok"en<script>&x=1`);
  const awkwardStatus: Record<OrderStatus, StatusMailData> = {
    Printing: {
      statusChanged: false,
      trackingRef: null,
      bookVaultRef: SCRIPT,
      trackUrl: null,
      reviewUrl: null,
    },
    Shipped: {
      statusChanged: true,
      trackingRef: `${SCRIPT}${LONG}`,
      bookVaultRef: RTL,
      trackUrl: '/profile',
      reviewUrl: null,
    },
    Delivered: {
      statusChanged: true,
      trackingRef: 'RM123456785GB',
      bookVaultRef: null,
      trackUrl: '/profile',
      reviewUrl: `${publicUrl}/review/order/${ORDER_ID}?review_token=${token}`,
    },
    Cancelled: { statusChanged: true, trackingRef: null, bookVaultRef: null, trackUrl: null, reviewUrl: null },
  };
  return [
    { label: 'verify e-mail', name: 'verifyEmail', data: { link: `/api/verify_email?token=${token}` } },
    { label: 'password reset', name: 'passwordReset', data: { link: `/change_password?token=${token}` } },
    { label: 'admin sign-in', name: 'adminSignIn', data: { link: `/?verify_admin=true&token=${token}` } },
    { label: 'choose a password', name: 'choosePassword', data: { link: `/change_password?token=${token}` } },
    { label: 'delete account link', name: 'deleteAccountLink', data: { link: `/profile?delete_token=${token}` } },
    {
      label: 'personal data erased',
      name: 'personalDataErased',
      data: { account: true, reviews: 'anonymise', orderYears: 6 },
    },
    {
      label: 'order confirmation, 20 lines, 99 % off, guest',
      name: 'orderConfirmation',
      data: { orderId: ORDER_ID, lines, ...totals(lines, 99, 0), deliveryAddress: awkwardAddress, hasAccount: false },
    },
    ...statusMails(awkwardStatus),
    {
      label: 'review invitation',
      name: 'reviewInvitation',
      data: {
        orderId: ORDER_ID,
        reviewUrl: `/review/order/${ORDER_ID}?review_token=${token}`,
        lines: lines.map(({ name, coverUrl }) => ({ name, coverUrl })),
      },
    },
    {
      label: 'discount code 99 %',
      name: 'discountCode',
      data: {
        code: 'BOOK-K7P2-QX9M-H4TD',
        percentage: 99,
        types: [SCRIPT, RTL, LONG],
        ages: ['Kids', ''],
        expiresAt: new Date('2031-02-28T23:59:59Z'),
      },
    },
    {
      label: 'contact message to the owner',
      name: 'contactMessage',
      data: {
        email: "o'brien+books@example.co.uk",
        orderRef: SCRIPT,
        message: `${RTL}\n\n${SCRIPT}\n${LONG}\nLine four\r\nLine five`,
      },
    },
    {
      label: 'contact copy to the sender',
      name: 'contactCopy',
      data: { orderRef: RTL, message: `${SCRIPT}\n${HEBREW}\n${LONG}` },
    },
    {
      label: "owner's new order",
      name: 'ownerNewOrder',
      data: {
        orderId: ORDER_ID,
        customerEmail: `${'very.long.name'.repeat(4)}@example.com`,
        lines,
        ...totals(lines, 99, 383),
        deliveryAddress: awkwardAddress,
        addressProblems: [
          `Phone number must be at most 24 characters.`,
          `Full name contains an invisible character (U+202E) that can reorder or hide text: please type it again without it.`,
        ],
      },
    },
    {
      label: 'print partner problem',
      name: 'printPartnerProblem',
      data: { orderId: ORDER_ID, problem: `The print partner refused the order: ${SCRIPT} ${LONG}`, partnerRef: RTL },
    },
    {
      label: 'order cancelled, refund delayed',
      name: 'orderCancelled',
      data: { orderId: ORDER_ID, refundPence: 123456, refundDelayed: true },
    },
    {
      label: 'refund made',
      name: 'refundMade',
      data: { orderId: ORDER_ID, amountPence: 1, refundedPence: 99999, totalPence: 100000, reason: `${SCRIPT} ${RTL}` },
    },
    {
      label: 'owner alert: dispute',
      name: 'ownerOrderAlert',
      data: { orderId: ORDER_ID, kind: 'dispute', amountPence: 2599, detail: `${SCRIPT} ${LONG}` },
    },
    {
      label: 'replacement sent',
      name: 'replacementSent',
      data: {
        orderId: ORDER_ID,
        replacementId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        reason: `Damaged in transit ${SCRIPT}`,
        lines: lines.slice(0, 5),
        deliveryAddress: awkwardAddress,
        hasAccount: false,
      },
    },
    {
      label: 'owner: problem reported',
      name: 'ownerProblemReported',
      data: {
        orderId: ORDER_ID,
        customerEmail: `${SCRIPT}@example.org`,
        reason: 'Arrived damaged',
        message: `${SCRIPT} ${RTL} ${LONG}`,
        photos: 3,
      },
    },
    {
      label: 'backup failed',
      name: 'backupFailed',
      data: {
        problem: `ENOSPC: no space left on device, write ${SCRIPT} ${LONG}`,
        at: '2026-11-28T01:00:00.000Z',
        lastGoodAt: null,
      },
    },
  ];
}

export function realisticMails(publicUrl: string): MailCase[] {
  const lines = [
    { name: 'The Rainy Day Activity Book', qty: 2, unitPence: 599, coverUrl: `/images/${'a'.repeat(64)}/320.webp` },
    {
      name: 'Seaside Spotters: A Coastal Activity Book',
      qty: 1,
      unitPence: 649,
      coverUrl: `/images/${'b'.repeat(64)}/320.webp`,
    },
  ];
  const address = {
    name: 'Ann Reader',
    line1: '14 Orchard Row',
    line2: 'Flat 2',
    city: 'York',
    county: '',
    postcode: 'YO1 7HH',
    country: 'GB',
    phone: '01904 555123',
  };
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
  const realisticStatus: Record<OrderStatus, StatusMailData> = {
    Printing: {
      statusChanged: false,
      trackingRef: null,
      bookVaultRef: 'BV-204817',
      trackUrl: null,
      reviewUrl: null,
    },
    Shipped: {
      statusChanged: true,
      trackingRef: 'RM123456785GB',
      bookVaultRef: 'BV-204817',
      trackUrl: '/profile',
      reviewUrl: null,
    },
    Delivered: {
      statusChanged: true,
      trackingRef: 'RM123456785GB',
      bookVaultRef: 'BV-204817',
      trackUrl: '/profile',
      reviewUrl: `${publicUrl}/review/order/${ORDER_ID}?review_token=${token}`,
    },
    Cancelled: { statusChanged: true, trackingRef: null, bookVaultRef: null, trackUrl: null, reviewUrl: null },
  };
  return [
    { label: 'verify e-mail', name: 'verifyEmail', data: { link: `/api/verify_email?token=${token}` } },
    { label: 'password reset', name: 'passwordReset', data: { link: `/change_password?token=${token}` } },
    { label: 'admin sign-in', name: 'adminSignIn', data: { link: `/?verify_admin=true&token=${token}` } },
    { label: 'choose a password', name: 'choosePassword', data: { link: `/change_password?token=${token}` } },
    { label: 'delete account link', name: 'deleteAccountLink', data: { link: `/profile?delete_token=${token}` } },
    {
      label: 'personal data erased',
      name: 'personalDataErased',
      data: { account: true, reviews: 'anonymise', orderYears: 6 },
    },
    {
      label: 'order confirmation',
      name: 'orderConfirmation',
      data: { orderId: ORDER_ID, lines, ...totals(lines, 10, 383), deliveryAddress: address, hasAccount: true },
    },
    ...statusMails(realisticStatus),
    {
      label: 'review invitation',
      name: 'reviewInvitation',
      data: { orderId: ORDER_ID, reviewUrl: `/review/order/${ORDER_ID}?review_token=${token}`, lines },
    },
    {
      label: 'discount code',
      name: 'discountCode',
      data: {
        code: 'BOOK-K7P2-QX9M-H4TD',
        percentage: 15,
        types: ['Puzzle', 'Colouring'],
        ages: ['Kids'],
        expiresAt: new Date('2031-02-28T23:59:59Z'),
      },
    },
    {
      label: 'contact message to the owner',
      name: 'contactMessage',
      data: {
        email: 'ann.reader@example.org',
        orderRef: '6a5b4c3d2e',
        message: 'Hello,\nmy maze book arrived with a torn cover. Could you send another one?\nThanks, Ann',
      },
    },
    {
      label: 'contact copy to the sender',
      name: 'contactCopy',
      data: {
        orderRef: '6a5b4c3d2e',
        message: 'Hello,\nmy maze book arrived with a torn cover. Could you send another one?\nThanks, Ann',
      },
    },
    {
      label: "owner's new order",
      name: 'ownerNewOrder',
      data: {
        orderId: ORDER_ID,
        customerEmail: 'ann.reader@example.org',
        lines,
        ...totals(lines, 10, 383),
        deliveryAddress: address,
      },
    },
    {
      label: 'print partner problem',
      name: 'printPartnerProblem',
      data: {
        orderId: ORDER_ID,
        problem: 'The print partner refused the order: the product BV-12 is not in its catalogue.',
        partnerRef: 'BV-204817',
      },
    },
    {
      label: 'order cancelled and refunded',
      name: 'orderCancelled',
      data: { orderId: ORDER_ID, refundPence: 1597, refundDelayed: false },
    },
    {
      label: 'refund made',
      name: 'refundMade',
      data: { orderId: ORDER_ID, amountPence: 599, refundedPence: 599, totalPence: 1597, reason: 'Arrived damaged' },
    },
    {
      label: 'owner alert: refund made in Stripe',
      name: 'ownerOrderAlert',
      data: {
        orderId: ORDER_ID,
        kind: 'dashboard_refund',
        amountPence: 599,
        detail: 'Stripe refund re_3Pq1 of £5.99, succeeded.',
      },
    },
    {
      label: 'replacement sent',
      name: 'replacementSent',
      data: {
        orderId: ORDER_ID,
        replacementId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        reason: 'Damaged in transit',
        lines: lines.slice(0, 1),
        deliveryAddress: address,
        hasAccount: true,
      },
    },
    {
      label: 'owner: problem reported',
      name: 'ownerProblemReported',
      data: {
        orderId: ORDER_ID,
        customerEmail: 'ann.reader@example.org',
        reason: 'Arrived damaged',
        message: 'The cover of my maze book was torn when it arrived.',
        photos: 1,
      },
    },
    {
      label: 'backup failed',
      name: 'backupFailed',
      data: {
        problem: 'ENOSPC: no space left on device, write',
        at: '2026-11-28T01:00:00.000Z',
        lastGoodAt: '2026-11-27T01:00:00.000Z',
      },
    },
  ];
}
