/**
 * Every text the spec quotes, in one place, so the server and the web client show the same words
 * (spec sections 5 and 8). Keep the spelling exactly as given, including the spec's own typos.
 */
export const MSG = {
  // validation (section 5)
  passwordsDoNotMatch: 'Passwords do not match',
  passwordsMustMatch: 'Passwords must match',
  passwordRule: 'Password must be at least 6 characters and include a number',
  discountPercentRule: 'Please enter a valid discount percentage between 1 and 99.',
  invalidEmail: 'Please enter a valid email address.',
  confirmOrderUpdate: 'Are you sure you want to update the order status and notify the customer?',
  confirmDeleteProduct: 'Are you sure you want to delete this product?',
  confirmReview: 'Submit your review?',

  // authentication (section 8)
  socialLoginFailed: 'Error logging in. Please try again.',
  facebookLoginFailed: 'Facebook login failed.',
  changePasswordError: 'Error changing password',
  changePasswordSuccess: 'Password changed successfully',
  adminVerificationFailed: 'Admin verification failed',
  accountVerificationFailed: 'Account verification failed',
  invalidReviewToken: 'Invalid review token. Please try again.',
  accountVerified: 'Your account has been verified succesfully',

  // shop errors
  errorLoadingProducts: 'Error loading products',
  errorLoadingWishlist: 'Error loading wishlist',
  errorLoadingCart: 'Error loading cart',
  failedLoadCachedCart: 'Failed to load cached cart data',
  errorRemovingFromWishlist: 'Error removing from wishlist',
  errorAddingToWishlist: 'Error adding to wishlist',
  errorUpdatingWishlist: 'Error occurred while updating wishlist',
  errorSavingBasket: 'Error saving basket',
  failedRemoveFromBasket: 'Failed to remove from basket',
  failedUpdateQuantityInBasket: 'Failed to update quantity in basket',
  failedRemoveItem: 'Failed to remove item',
  errorRemovingItem: 'Error removing item',
  failedUpdateQuantity: 'Failed to update quantity',
  failedFetchWishlist: 'Failed to fetch wishlist',
  errorDuringCheckout: 'Error during checkout',
  errorCheckingOut: 'Error checking out',
  errorFetchingWishlist: 'Error fetching wishlist',
  failedLoadOrderHistory: 'Failed to load order history',
  failedLoadReviews: 'Failed to load reviews',
  errorSendingMessage: 'Error sending message',
  couldNotLoadOrder: 'Could not load your order. Please try again later.',
  somethingWentWrong: 'Something went wrong. Please try again later.',
  noProductsFound: 'No products found',

  // checkout (not in the spec: docs/decisions/036)
  discountCodeHeld:
    'This discount code is being used in another checkout that has not been paid yet. Finish or cancel that checkout, or try again in an hour, when it runs out.',

  // admin errors
  failedToDelete: 'Failed to delete',
  errorDeletingProduct: 'Error deleting product. Please try again.',
  errorFetchingOrders: 'There was an error fetching the orders.',
  failedFetchOrders: 'Failed to fetch orders.',
  failedUpdateOrderStatus: 'Failed to update the order status.',
  errorSendingPromo: 'Something went wrong while sending the promo code.',

  // product form
  productNotFoundCreate: 'Product not found. Create a new product?',
  checkFields: 'Error, please check fields and try again',

  // live updates (the event stream's limits, decision 101)
  tooManyStreamsFromClient: 'Too many live update streams are open from your address. Close a tab or try again in a few minutes.',
  tooManyStreams: 'Live updates are busy right now. The page still works; please try again in a few minutes.',
  // request text no database can hold (shown after "Invalid <field>: ")
  textHasNul: 'must not contain a NUL character.',
  textNotUnicode: 'must be valid Unicode text (it contains a lone surrogate).',
  badAddress: 'This address is not valid: it has a malformed %-escape.',
  // multipart forms (the admin's product form)
  malformedForm: 'The form could not be read: it is incomplete or malformed. Please send it again.',
  formNotMultipart: 'Send this form as multipart/form-data.',
  formTooManyParts: 'The form has too many parts.',
  formTooManyFields: 'The form has too many fields.',
  formTooManyFiles: 'The form has too many files.',
  formFileTooLarge: 'A file in the form is too large.',
  formFieldNameNotAllowed: 'The form has a field name that is not allowed.',
  formInterrupted: 'The upload was interrupted. Please try again.',
  addressTooLong: 'This address is too long.',

  // the payment provider (its own words go to the log, never to the shopper)
  paymentRefused: 'The payment page could not be opened for this basket. Please try again, or contact us if it keeps happening.',
  paymentUnavailable: 'The payment provider cannot be reached right now. Please try again shortly.',

  // other
  unexpectedError: 'Unexpected Application Error!',
  pageNotFound: 'Page Not Found',

  // success
  messageSent: 'Message sent succesfully!',
  thanksForFeedback: 'Thank you for your feedback!',
  productDeleted: 'Product deleted',
  orderStatusUpdated: 'Order status updated successfully!',
  promoSent: 'Promo code sent!',
  addedToBasket: 'Added to basket',
  removedFromBasket: 'Removed from basket',
  itemRemovedFromCart: 'Item removed from cart',
  updatedQuantity: 'Updated quantity',
  addedToWishlist: 'Added to wishlist',
  removedFromWishlist: 'Removed from wishlist',
  productUpdated: 'Product updated successfully!',
  productAdded: 'Product added successfully!',

  // server answers (not quoted by the spec)
  passwordHashingBusy: 'The shop is very busy signing people in right now. Please try again in a few seconds.',
  // archived products (decision 039: a sold book is archived, not deleted)
  productArchived: 'Product archived: it has been sold, so it is kept for its orders and reviews and hidden from the shop',
  productRestored: 'Product restored to the shop',
  productNotArchived: 'This product is in the shop; only an archived product can be restored.',
  archivedProductIdTaken: (id: string) => `The book-vault ID ${id} belongs to an archived product. Restore it, or change the archived product's ID first.`,
  archivedProductNameTaken: (name: string) => `An archived product is named "${name}". Restore it, or rename the archived product first.`,
  archivedProducts: 'Archived products',
  archivedProductsHelp: 'Sold books that were deleted: hidden from the shop, kept for their orders and reviews.',
  confirmRestoreProduct: 'Put this product back in the shop?',
  errorRestoringProduct: 'Error restoring product. Please try again.',

  // pages
  wishlistEmpty: 'Your wishlist is empty!',
  allReviewsSubmitted: 'All reviews have been submitted, thank you!',
  allAges: 'All ages',
} as const;
