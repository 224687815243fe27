/** An order's lines, "2 × Name", as the customer's history and the admin's orders list them. */
import type { Order } from '@shared/contracts/orders';

export function OrderItems({ items, className }: { items: Order['items']; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.product_id}>
          {item.quantity} × {item.item}
        </li>
      ))}
    </ul>
  );
}
