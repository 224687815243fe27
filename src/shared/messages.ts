/**
 * Every text the spec quotes, in one place, so the server and the web client show the same words
 * (spec sections 5 and 8). Keep the spelling exactly as given, including the spec's own typos.
 *
 * One export per text, imported as a namespace (`import * as MSG from '@shared/messages'`): a
 * bundle then carries only the texts its code reads (decision 124), not all of them. The texts of
 * the code every page loads (the web's shared "app" chunk) live in messages-every-page.ts, which
 * that code imports directly: a module is bundled whole into one chunk with every text any chunk
 * reads from it, so the rest stay here, out of every shopper's first download (issue 34).
 */
export * from './messages-every-page';
// validation (section 5)
export const passwordsDoNotMatch = 'Passwords do not match';
export const passwordsMustMatch = 'Passwords must match';
export const passwordRule = 'Password must be at least 6 characters and include a number';
export const discountPercentRule = 'Please enter a valid discount percentage between 1 and 99.';
export const invalidEmail = 'Please enter a valid email address.';
export const confirmOrderUpdate = 'Are you sure you want to update the order status and notify the customer?';
export const confirmDeleteProduct = 'Are you sure you want to delete this product?';
export const confirmReview = 'Submit your review?';

// authentication (section 8)
export const socialLoginFailed = 'Error logging in. Please try again.';
export const facebookLoginFailed = 'Facebook login failed.';
export const changePasswordError = 'Error changing password';
export const changePasswordSuccess = 'Password changed successfully';
export const adminVerificationFailed = 'Admin verification failed';
export const accountVerificationFailed = 'Account verification failed';
export const invalidReviewToken = 'Invalid review token. Please try again.';
export const accountVerified = 'Your account has been verified succesfully';

// shop errors
export const errorLoadingProducts = 'Error loading products';
export const errorLoadingWishlist = 'Error loading wishlist';
export const errorLoadingCart = 'Error loading cart';
export const errorDuringCheckout = 'Error during checkout';
export const errorCheckingOut = 'Error checking out';
export const failedLoadOrderHistory = 'Failed to load order history';
export const failedLoadReviews = 'Failed to load reviews';
export const errorSendingMessage = 'Error sending message';
export const couldNotLoadOrder = 'Could not load your order. Please try again later.';

// checkout (not in the spec: docs/decisions/036)
export const discountCodeHeld =
  'This discount code is being used in another checkout that has not been paid yet. Finish or cancel that checkout, or try again in an hour, when it runs out.';

// admin errors
export const failedToDelete = 'Failed to delete';
export const errorDeletingProduct = 'Error deleting product. Please try again.';
export const errorFetchingOrders = 'There was an error fetching the orders.';
export const failedFetchOrders = 'Failed to fetch orders.';
export const failedUpdateOrderStatus = 'Failed to update the order status.';
export const errorSendingPromo = 'Something went wrong while sending the promo code.';

// product form
export const productNotFoundCreate = 'Product not found. Create a new product?';
export const checkFields = 'Error, please check fields and try again';

// live updates (the event stream's limits, decision 101)
export const tooManyStreamsFromClient =
  'Too many live update streams are open from your address. Close a tab or try again in a few minutes.';
export const tooManyStreams =
  'Live updates are busy right now. The page still works; please try again in a few minutes.';
// request text no database can hold (shown after "Invalid <field>: ")
export const textHasNul = 'must not contain a NUL character.';
export const textNotUnicode = 'must be valid Unicode text (it contains a lone surrogate).';
export const badAddress = 'This address is not valid: it has a malformed %-escape.';
// multipart forms (the admin's product form)
export const malformedForm = 'The form could not be read: it is incomplete or malformed. Please send it again.';
export const formNotMultipart = 'Send this form as multipart/form-data.';
export const formTooManyParts = 'The form has too many parts.';
export const formTooManyFields = 'The form has too many fields.';
export const formTooManyFiles = 'The form has too many files.';
export const formFileTooLarge = 'A file in the form is too large.';
export const formFieldNameNotAllowed = 'The form has a field name that is not allowed.';
export const formInterrupted = 'The upload was interrupted. Please try again.';
export const addressTooLong = 'This address is too long.';

// the payment provider (its own words go to the log, never to the shopper)
export const paymentRefused =
  'The payment page could not be opened for this basket. Please try again, or contact us if it keeps happening.';
export const paymentUnavailable = 'The payment provider cannot be reached right now. Please try again shortly.';

// other
export const pageNotFound = 'Page Not Found';

// success
export const messageSent = 'Message sent succesfully!';
export const thanksForFeedback = 'Thank you for your feedback!';
/** A review held by the owner's rules (decision 151): only its author sees it, marked so. */
export const waitingForApproval = 'Waiting for approval';
export const reviewWaitingForApproval =
  'Thank you for your feedback! Your review is waiting for approval and will appear on the book’s page once the shop has read it.';
export const productDeleted = 'Product deleted';
export const orderStatusUpdated = 'Order status updated successfully!';
export const promoSent = 'Promo code sent!';
export const productUpdated = 'Product updated successfully!';
export const productAdded = 'Product added successfully!';

// server answers (not quoted by the spec)
export const passwordHashingBusy =
  'The shop is very busy signing people in right now. Please try again in a few seconds.';
export const reportingBusy = 'The dashboard is busy with other reports right now. Please try again in a few seconds.';
// archived products (decision 039: a sold book is archived, not deleted)
export const productArchived =
  'Product archived: it has been sold, so it is kept for its orders and reviews and hidden from the shop';
export const productRestored = 'Product restored to the shop';
export const productNotArchived = 'This product is in the shop; only an archived product can be restored.';
export const archivedProductIdTaken = (id: string) =>
  `The book-vault ID ${id} belongs to an archived product. Restore it, or change the archived product's ID first.`;
export const archivedProductNameTaken = (name: string) =>
  `An archived product is named "${name}". Restore it, or rename the archived product first.`;
export const archivedProducts = 'Archived products';
export const archivedProductsHelp =
  'Sold books that were deleted: hidden from the shop, kept for their orders and reviews.';
export const confirmRestoreProduct = 'Put this product back in the shop?';
export const errorRestoringProduct = 'Error restoring product. Please try again.';

// pages
export const wishlistEmpty = 'Your wishlist is empty!';
export const allReviewsSubmitted = 'All reviews have been submitted, thank you!';

// sessions (not in the spec: decision 130)
/**
 * The server's 401 when a route that needs a session gets a token that is not (or no longer) a
 * live session: ended by a password change or an address proof elsewhere, or expired. The web
 * client shows it as it comes and signs out.
 */
export const sessionEnded = 'Your session has ended. Please sign in again.';
/** A refund the payment provider could not be asked to make: nothing was refunded (issue 26). */
export const refundUnavailable =
  'The payment provider cannot be reached right now, so nothing was refunded. Please try again shortly.';
/**
 * A refund the payment provider may have made without saying so (no answer, its own error): kept
 * pending, asked again with the same key by the shop every few minutes (decision 163).
 */
export const refundUnanswered =
  'The payment provider did not answer, so this refund is kept as pending and counts against what can still be refunded. The shop asks the provider again within minutes; do not refund it again another way.';
/** A refund the payment provider refused (already refunded there, or more than the payment). */
export const refundRefused =
  'The payment provider refused this refund (the payment may already have been refunded there). Nothing was refunded here.';
