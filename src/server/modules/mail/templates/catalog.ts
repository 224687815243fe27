/** Every mail the shop can send, by name. Add a template here and `renderMail` knows it. */
import { adminSignIn, choosePassword, passwordReset, verifyEmail } from './account';
import { contactCopy, contactMessage } from './contact';
import { discountCode } from './discount';
import { deleteAccountLink, personalDataErased } from './privacy';
import { backupFailed } from './system';
import { orderCancelled, ownerOrderAlert, refundMade } from './refunds';
import { ownerProblemReported, replacementSent } from './aftercare';
import { orderConfirmation, orderStatus, ownerNewOrder, printPartnerProblem, reviewInvitation } from './orders';

export const templates = {
  verifyEmail,
  passwordReset,
  adminSignIn,
  choosePassword,
  orderConfirmation,
  orderStatus,
  reviewInvitation,
  discountCode,
  contactMessage,
  contactCopy,
  ownerNewOrder,
  printPartnerProblem,
  orderCancelled,
  refundMade,
  ownerOrderAlert,
  backupFailed,
  deleteAccountLink,
  personalDataErased,
  replacementSent,
  ownerProblemReported,
};
