/**
 * One book in a grid. Shoppers: main image (second image on hover), name, type and age, price,
 * a wishlist heart and an add-to-basket button. Admins: an edit link and, where the page gives
 * `onDelete`, a delete button, instead of the heart and basket.
 */
import { memo, useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CardBook, Product } from '@shared/contracts/products';
import * as MSG from '@shared/messages-every-page';
import { productPath } from '@shared/routes';
import { useBasket } from '../cart';
import { formatPounds } from '../../lib/format';
import { KeptMarkup } from '../../lib/kept-markup';
import { useSession } from '../../lib/session';
import { useWishlist } from '../wishlist';
import { CartIcon, HeartIcon } from '../../components/icons';
import { ProductImage } from '../../components/ProductImage';
import styles from './ProductCard.module.css';

export interface ProductCardProps {
  product: CardBook;
  /** Load the cover at once (the first row of a grid). */
  eager?: boolean;
  /** Admin only: delete this product (the page confirms and calls the server). */
  onDelete?: (product: CardBook) => void;
  /** Heading level of the name inside the page's outline. */
  headingLevel?: 2 | 3;
}

export const ageLabel = (age: Product['age']) => age || MSG.allAges;

/** The heart and the Add button as drawn; the handlers are the browser's. */
function ShopperButtons({
  product,
  loved,
  onLove,
  onAdd,
}: {
  product: CardBook;
  loved: boolean;
  onLove?: () => void;
  onAdd?: () => void;
}) {
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${styles.iconButton} ${loved ? styles.loved : ''}`}
        aria-pressed={loved}
        aria-label={loved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
        onClick={onLove}
      >
        <HeartIcon filled={loved} />
      </button>
      <button type="button" className={styles.addButton} aria-label={`Add ${product.name} to basket`} onClick={onAdd}>
        <CartIcon small />
        <span className={styles.addLabel} aria-hidden="true">
          Add
        </span>
      </button>
    </div>
  );
}

function LiveShopperActions({ product }: { product: CardBook }) {
  const wishlist = useWishlist();
  const basket = useBasket();
  return (
    <ShopperButtons
      product={product}
      loved={wishlist.has(product.id)}
      onLove={() => wishlist.toggle(product.id)}
      onAdd={() => basket.add(product.id, 1)}
    />
  );
}

/**
 * The server renders every page for a guest with nothing stored (decision 090): no heart is
 * filled, and the buttons do nothing until the browser's code runs. So the server draws the
 * buttons without the wishlist's and basket's hooks, which cost it about a tenth of a page's render
 * at 24 cards (issue 34); the browser hydrates the same elements with them.
 */
const ShopperActions = import.meta.env.SSR
  ? ({ product }: { product: CardBook }) => <ShopperButtons product={product} loved={false} />
  : LiveShopperActions;

/**
 * The book's name as a link. The server writes the anchor React Router's Link writes for an
 * absolute path (its href and data-discover), without the Link's hooks, which for a grid's 24
 * cards cost the server about a twentieth of a page's render (issue 34); the browser hydrates it
 * as a Link. e2e/web-server-rendering.spec.ts checks that the two write the same anchor.
 */
const NameLink = import.meta.env.SSR
  ? ({ to, className, children }: { to: string; className?: string; children: ReactNode }) => (
      <a className={className} href={to} data-discover="true">
        {children}
      </a>
    )
  : Link;

function AdminActions({ product, onDelete }: { product: CardBook; onDelete?: (product: CardBook) => void }) {
  return (
    <div className={styles.actions}>
      <Link
        className={styles.adminLink}
        to={`/admin/edit_product/${encodeURIComponent(product.id)}`}
        aria-label={`Edit ${product.name}`}
      >
        Edit
      </Link>
      {onDelete && (
        <button
          type="button"
          className={styles.deleteButton}
          aria-label={`Delete ${product.name}`}
          onClick={() => onDelete(product)}
        >
          Delete
        </button>
      )}
    </div>
  );
}

/** What a card shows inside its <article>: the same on the server and in the browser. */
function CardInside({
  product,
  eager,
  Heading,
  isAdmin,
  onDelete,
  wantHover,
}: {
  product: CardBook;
  eager: boolean;
  Heading: 'h2' | 'h3';
  isAdmin: boolean;
  onDelete?: (product: CardBook) => void;
  wantHover: boolean;
}) {
  const hoverImage = product.imageUrls[1];
  return (
    <>
      <div className={styles.media}>
        <ProductImage
          className={styles.image}
          src={product.imageUrls[0]}
          alt={`Cover of ${product.name}`}
          eager={eager}
        />
        {hoverImage && wantHover && (
          <ProductImage className={`${styles.image} ${styles.hoverImage}`} src={hoverImage} alt="" />
        )}
      </div>
      <div className={styles.body}>
        <p className={styles.meta}>
          {product.type && <span>{product.type}</span>}
          <span>{ageLabel(product.age)}</span>
        </p>
        <Heading className={styles.name}>
          <NameLink className={styles.link} to={productPath(product.name)}>
            {product.name}
          </NameLink>
        </Heading>
        <div className={styles.footer}>
          <p className={styles.price}>{formatPounds(product.price)}</p>
          {isAdmin ? <AdminActions product={product} onDelete={onDelete} /> : <ShopperActions product={product} />}
        </div>
      </div>
    </>
  );
}

/** What a shopper's lazily loaded card shows, as the key of its kept HTML (decision 177). */
const cardKey = ({ id, name, type, age, price, imageUrls }: CardBook, Heading: 'h2' | 'h3') =>
  JSON.stringify([id, name, type, age, price, imageUrls, Heading]);

export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
  onDelete,
  headingLevel = 3,
}: ProductCardProps) {
  const { isAdmin } = useSession();
  // The hover image is only fetched once the pointer or focus reaches the card.
  const [wantHover, setWantHover] = useState(false);
  const keep = useContext(KeptMarkup);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The server writes a shopper's card from the HTML kept for the book (decision 177). Not an
  // eager card's: React adds its cover to the page's preloads as it renders the image.
  const kept =
    keep && !eager && !isAdmin
      ? keep(cardKey(product, Heading), () => (
          <CardInside product={product} eager={false} Heading={Heading} isAdmin={false} wantHover={false} />
        ))
      : null;
  if (kept !== null) return <article className={styles.card} dangerouslySetInnerHTML={{ __html: kept }} />;
  return (
    <article className={styles.card} onPointerEnter={() => setWantHover(true)} onFocus={() => setWantHover(true)}>
      <CardInside
        product={product}
        eager={eager}
        Heading={Heading}
        isAdmin={isAdmin}
        onDelete={onDelete}
        wantHover={wantHover}
      />
    </article>
  );
});
