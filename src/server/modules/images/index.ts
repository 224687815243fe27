/**
 * Images: checked by decoding, stored content-addressed, served as resized WebP variants
 * (docs/decisions/060). Products keep their images' keys in slot order (modules/products).
 */
export { imageRoutes } from './routes';
export { fetchRemoteImage, isPublicAddress, RemoteImageError, REMOTE_IMAGE_MESSAGES } from './remote';
export type { ImageRecord } from './repository';
export {
  IMAGE_MESSAGES,
  findOriginal,
  ingestImage,
  inspectImage,
  originalKey,
  prepareImage,
  recordImages,
  storeOriginal,
} from './service';
