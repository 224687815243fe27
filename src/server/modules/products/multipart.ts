/**
 * Reads the product form's multipart body: the declared fields (PRODUCT_FIELDS), and the `images` files in the order
 * sent (slot order). Limits are enforced while streaming, so an oversized upload is cut off
 * early; every limit answers 400 with a sentence, as the rest of the API does.
 */
import type { FastifyRequest } from 'fastify';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_SLOTS } from '../../../shared/constants';
import { PRODUCT_FIELD_NAMES } from '../../../shared/contracts/product';
import { AppError, badRequest } from '../../lib/errors';
import { IMAGE_MESSAGES } from '../images';
import type { ProductSubmission } from './admin-service';

/** Options for @fastify/multipart in the admin scope. */
export const multipartLimits = {
  fileSize: PRODUCT_IMAGE_MAX_BYTES,
  files: PRODUCT_IMAGE_SLOTS,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: PRODUCT_IMAGE_SLOTS + 20,
  headerPairs: 100,
};

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `A product can have at most ${PRODUCT_IMAGE_SLOTS} images.`,
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PROTO_VIOLATION: 'The form has a field name that is not allowed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the product as multipart/form-data.',
  FST_MP_PREMATURE_CLOSE: 'The upload was interrupted. Please try again.',
};

export async function readProductSubmission(request: FastifyRequest): Promise<ProductSubmission> {
  const fields: Record<string, string | undefined> = {};
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}": send images as "images".`);
        }
        try {
          images.push(await part.toBuffer());
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`Image ${images.length + 1}: ${IMAGE_MESSAGES.tooLarge}`);
          throw error;
        }
      } else if ((PRODUCT_FIELD_NAMES as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.valueTruncated) throw badRequest(`The ${part.fieldname} field is too long.`);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = LIMIT_MESSAGES[(error as { code?: string }).code ?? ''];
    if (message) throw badRequest(message);
    throw error;
  }
  return { fields, images };
}
