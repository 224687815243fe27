/**
 * Reads the product form's multipart body: the declared fields (PRODUCT_FIELDS), and the `images` files in the order
 * sent (slot order), through the shared form reader (lib/form-parts.ts). Limits are enforced
 * while streaming, so an oversized upload is cut off early; every limit, and any malformed body,
 * answers 400 with a sentence, as the rest of the API does.
 */
import type { FastifyRequest } from 'fastify';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_SLOTS } from '@shared/constants';
import { PRODUCT_FIELD_NAMES } from '@shared/contracts/products';
import { badRequest } from '../../../lib/errors';
import { fileBytes, formParts } from '../../../lib/form-parts';
import { IMAGE_MESSAGES } from '../../images';
import type { ProductSubmission } from './service';

/** Options for @fastify/multipart in the admin scope. */
export const multipartLimits = {
  fileSize: PRODUCT_IMAGE_MAX_BYTES,
  files: PRODUCT_IMAGE_SLOTS,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: PRODUCT_IMAGE_SLOTS + 20,
  headerPairs: 100,
};

/** This form's own words for some limits (lib/form-parts.ts words the rest). */
const FORM_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `A product can have at most ${PRODUCT_IMAGE_SLOTS} images.`,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the product as multipart/form-data.',
};

export async function readProductSubmission(request: FastifyRequest): Promise<ProductSubmission> {
  const fields: Record<string, string | undefined> = {};
  const images: Buffer[] = [];
  for await (const part of formParts(request, multipartLimits, FORM_MESSAGES)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'images') {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}": send images as "images".`);
      }
      images.push(
        await fileBytes(part, {
          ...FORM_MESSAGES,
          FST_REQ_FILE_TOO_LARGE: `Image ${images.length + 1}: ${IMAGE_MESSAGES.tooLarge}`,
        }),
      );
    } else if ((PRODUCT_FIELD_NAMES as readonly string[]).includes(part.fieldname)) {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      if (part.valueTruncated) throw badRequest(`The ${part.fieldname} field is too long.`);
    }
  }
  return { fields, images };
}
