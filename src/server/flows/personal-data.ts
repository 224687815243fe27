/**
 * What the shop holds for one address (issue 28, decision 145): the customer's "Download my data",
 * the owner's privacy search and export. The JSON file is assembled here, field by field from
 * each module's export reader, so nothing is copied in by accident: no password hash, token,
 * owner's note or other person's data. A module that adds personal data adds its reader here.
 *
 * Whose data: the account's own (by its id) and, when the address is proven (a verified account,
 * or a request the owner answers after checking who asks), everything held under the address:
 * guest orders, contact messages and the mails sent to it. An unverified account's address is
 * not proven to be its holder's, so it gets only what it made itself.
 */
import type { PersonalData, PrivacyCounts } from '@shared/contracts/accounts';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { accountForExport, findUserByEmail, findUserById, type UserRow } from '../modules/accounts';
import { basketForExport } from '../modules/cart';
import { contactMessagesForExport } from '../modules/contact';
import { mailsForExport } from '../modules/mail';
import { ordersForExport, type OrderOwner } from '../modules/orders';
import { reviewsForExport } from '../modules/reviews';
import { wishlistForExport } from '../modules/wishlist';

/** The person a request is about: an address, and its account when there is one. */
export interface DataSubject {
  email: string;
  user: UserRow | null;
  /** Whether what is held under the address (not only by the account) is theirs. */
  proven: boolean;
}

/** The subject of a customer's own request: their account; the address counts when it is verified. */
export async function customerSubject(db: Db, userId: string): Promise<DataSubject | null> {
  const user = await findUserById(db, userId);
  return user ? { email: user.email, user, proven: user.verified } : null;
}

/** The subject of a request the owner answers: the address as typed (the owner has checked who asks). */
export async function addressSubject(db: Db, email: string): Promise<DataSubject> {
  return { email, user: await findUserByEmail(db, email), proven: true };
}

export const orderOwnerOf = (subject: DataSubject): OrderOwner => ({
  userId: subject.user?.id ?? null,
  email: subject.proven ? subject.email : null,
});

export async function collectPersonalData(ctx: AppContext, subject: DataSubject): Promise<PersonalData> {
  const db = ctx.database.db;
  const { user, email, proven } = subject;
  const [orders, reviews, wishlist, basket, contactMessages, mails] = await Promise.all([
    ordersForExport(db, orderOwnerOf(subject)),
    user ? reviewsForExport(db, user.id) : [],
    user ? wishlistForExport(db, user.id) : [],
    user ? basketForExport(db, user.id) : [],
    proven ? contactMessagesForExport(db, email) : [],
    proven ? mailsForExport(db, email) : [],
  ]);
  return {
    exportedAt: new Date().toISOString(),
    email,
    account: user ? accountForExport(user) : null,
    orders,
    reviews,
    wishlist,
    basket,
    contactMessages,
    mails,
  };
}

export const countsOf = (data: PersonalData): PrivacyCounts => ({
  account: data.account ? 1 : 0,
  orders: data.orders.length,
  reviews: data.reviews.length,
  wishlist: data.wishlist.length,
  basket: data.basket.length,
  contactMessages: data.contactMessages.length,
  mails: data.mails.length,
});

/** The file's name: the shop's data of one address on one day (no address in it). */
export const personalDataFileName = (at: Date) => `my-data-${at.toISOString().slice(0, 10)}.json`;
