/**
 * The books a server-rendered grid's data carries (the home grid, search results): the cards'
 * fields only. The data is sent with the page's HTML for hydration, and a book's description
 * (which no card shows) may run to thousands of characters (issue 34, pages smaller).
 */
import type { CardBook } from '@shared/contracts/products';

export const toCardBook = ({ id, name, type, age, price, imageUrls }: CardBook): CardBook => ({
  id,
  name,
  type,
  age,
  price,
  imageUrls,
});
