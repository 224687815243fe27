/** Delivery addresses for tests: a valid UK one as the demo checkout's form sends it, and what it becomes once normalised. */
import type { DeliveryAddress } from '@shared/delivery-address';

export const TEST_ADDRESS: DeliveryAddress = {
  name: 'Ann Reader',
  line1: '14 Orchard Row',
  line2: 'Flat 2',
  city: 'York',
  county: 'North Yorkshire',
  postcode: 'YO1 7HH',
  country: 'GB',
  phone: '01904 555123',
};

/** A valid address with a few fields changed. */
export const testAddress = (changes: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  ...TEST_ADDRESS,
  ...changes,
});
