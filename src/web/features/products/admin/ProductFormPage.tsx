/**
 * /admin/add_product and /admin/edit_product/{id}: the spec's product form. Edit mode loads the
 * product; saving sends every image in slot order, re-sending existing ones as files named
 * product_{n} (their original bytes, so the server stores nothing twice).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PRODUCT_LOAD_FAILURE_MS, PRODUCT_SAVED_REDIRECT_MS } from '@shared/constants';
import * as MSG from '@shared/messages';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import {
  adminProductKeys,
  existingImageAsFile,
  fetchProductById,
  productFormData,
  useSaveProduct,
  type ProductFormValues,
} from './api';
import { ImageSlots } from './product-form/ImageSlots';
import {
  emptySlots,
  filledSlots,
  moveSlot,
  slotsFromUrls,
  withFile,
  withoutImage,
  type ImageSlot,
} from './product-form/slots';
import page from '../../../styles/admin.module.css';
import styles from './ProductForm.module.css';

const EMPTY: ProductFormValues = { id: '', name: '', type: '', description: '', age: '', price: '' };

type Alert = { tone: 'danger' | 'success'; text: string } | null;

function revokeTemporary(slots: ImageSlot[]) {
  for (const slot of slots) if (slot.isTemporary && slot.url) URL.revokeObjectURL(slot.url);
}

export function ProductFormPage() {
  const { id: routeId } = useParams();
  const navigate = useNavigate();
  const banner = useBanner();
  const [values, setValues] = useState<ProductFormValues>(() => ({ ...EMPTY, id: routeId ?? '' }));
  const [slots, setSlots] = useState<ImageSlot[]>(emptySlots);
  const [alert, setAlert] = useState<Alert>(null);
  const [preparing, setPreparing] = useState(false);
  /** The id in the address that turned out not to exist: the form is then an Add form for it. */
  const [notFoundId, setNotFoundId] = useState<string | null>(null);
  const notFound = Boolean(routeId) && notFoundId === routeId;
  const filledFor = useRef<string | null>(null);
  const slotsRef = useRef(slots);
  slotsRef.current = slots;

  const editingId = routeId && !notFound ? routeId : undefined;
  const product = useQuery({
    queryKey: adminProductKeys.one(routeId ?? ''),
    queryFn: () => fetchProductById(routeId!),
    // Not fetched again once it is known to be missing: a live update would otherwise refetch it,
    // and every failed refetch would show the message again.
    enabled: Boolean(routeId) && !notFound,
    retry: false,
    staleTime: Infinity,
  });
  const save = useSaveProduct(editingId);

  // Fill the form once per product (a live update must not overwrite what the admin is typing).
  useEffect(() => {
    if (!routeId || !product.data || filledFor.current === routeId) return;
    filledFor.current = routeId;
    const p = product.data;
    setValues({
      id: p.id,
      name: p.name,
      type: p.type,
      description: p.description,
      age: p.age,
      price: p.price.toFixed(2),
    });
    setSlots((old) => {
      revokeTemporary(old);
      return slotsFromUrls(p.imageUrls);
    });
  }, [routeId, product.data]);

  useEffect(() => {
    if (!product.isError || !routeId || notFound) return;
    setNotFoundId(routeId);
    setAlert({ tone: 'danger', text: MSG.productNotFoundCreate });
  }, [product.isError, routeId, notFound]);
  // The message shows for PRODUCT_LOAD_FAILURE_MS once; another message shown meanwhile stays.
  useEffect(() => {
    if (!notFound) return;
    const timer = setTimeout(
      () => setAlert((current) => (current?.text === MSG.productNotFoundCreate ? null : current)),
      PRODUCT_LOAD_FAILURE_MS,
    );
    return () => clearTimeout(timer);
  }, [notFound]);

  useEffect(() => () => revokeTemporary(slotsRef.current), []);

  const mode = editingId ? 'edit' : 'add';
  const busy = preparing || save.isPending;
  const loading = Boolean(routeId) && product.isPending;
  const set = (name: keyof ProductFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    let form: FormData;
    try {
      setPreparing(true);
      const files = await Promise.all(
        filledSlots(slots).map((slot, n) =>
          slot.file ? Promise.resolve(slot.file) : existingImageAsFile(slot.url!, `product_${n}`),
        ),
      );
      form = productFormData(values, files);
    } catch {
      setAlert({ tone: 'danger', text: MSG.checkFields });
      return;
    } finally {
      setPreparing(false);
    }
    save.mutate(form, {
      onSuccess: () => {
        const text = mode === 'edit' ? MSG.productUpdated : MSG.productAdded;
        banner.show({ content: text, action: 'success' });
        setAlert({ tone: 'success', text });
        setValues(EMPTY);
        setSlots((old) => {
          revokeTemporary(old);
          return emptySlots();
        });
        setTimeout(() => navigate('/admin'), PRODUCT_SAVED_REDIRECT_MS);
      },
      onError: (error) => setAlert({ tone: 'danger', text: serverMessage(error) ?? MSG.checkFields }),
    });
  };

  const title = mode === 'edit' ? 'Edit Product' : 'Add Product';
  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          {title}
        </h1>
      </div>

      <div aria-live="polite">
        {alert && (
          <p className={`${page.alert} ${page[alert.tone]}`} role={alert.tone === 'danger' ? 'alert' : 'status'}>
            {alert.text}
          </p>
        )}
      </div>

      {loading ? (
        <Spinner label="Loading product" />
      ) : (
        <form className={page.panel} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <div className={styles.grid}>
            <div className={`${page.field} ${styles.half}`}>
              <label className={page.label} htmlFor="product-name">
                Name
                <span className={page.required} aria-hidden="true">
                  *
                </span>
              </label>
              <input
                id="product-name"
                className={page.input}
                value={values.name}
                onChange={set('name')}
                aria-required="true"
                autoComplete="off"
              />
            </div>
            <div className={`${page.field} ${styles.half}`}>
              <label className={page.label} htmlFor="product-id">
                Book-vault ID
                <span className={page.required} aria-hidden="true">
                  *
                </span>
              </label>
              <input
                id="product-id"
                className={page.input}
                value={values.id}
                onChange={set('id')}
                aria-required="true"
                autoComplete="off"
                spellCheck={false}
              />
              <span className={page.hint}>The print catalogue's ID for this book.</span>
            </div>
            <div className={`${page.field} ${styles.wide}`}>
              <label className={page.label} htmlFor="product-description">
                Description
              </label>
              <textarea
                id="product-description"
                className={page.input}
                value={values.description}
                onChange={set('description')}
                rows={6}
              />
            </div>
            <div className={`${page.field} ${styles.third}`}>
              <label className={page.label} htmlFor="product-price">
                Price (£)
                <span className={page.required} aria-hidden="true">
                  *
                </span>
              </label>
              <input
                id="product-price"
                className={page.input}
                type="number"
                step="0.01"
                min="0.01"
                inputMode="decimal"
                value={values.price}
                onChange={set('price')}
                aria-required="true"
              />
            </div>
            <div className={`${page.field} ${styles.third}`}>
              <label className={page.label} htmlFor="product-type">
                Type
              </label>
              <input
                id="product-type"
                className={page.input}
                value={values.type}
                onChange={set('type')}
                autoComplete="off"
              />
            </div>
            <div className={`${page.field} ${styles.third}`}>
              <label className={page.label} htmlFor="product-age">
                Age
              </label>
              <select id="product-age" className={page.input} value={values.age} onChange={set('age')}>
                <option value="">Select Age Category</option>
                <option value="Kids">Kids</option>
                <option value="Adults">Adults</option>
              </select>
            </div>
          </div>

          <fieldset className={styles.images}>
            <legend className={page.label}>Images</legend>
            <p className={page.hint} id="image-help">
              Up to six images, each at most 10 MB. The first is the main image, the second shows on hover. Drag a slot
              by its grip to reorder, or focus the grip, press space, move with the arrow keys and press space again.
            </p>
            <ImageSlots
              slots={slots}
              disabled={busy}
              onPick={(index, file) =>
                setSlots((current) => {
                  revokeTemporary([current[index]!]);
                  return withFile(current, index, file, URL.createObjectURL(file));
                })
              }
              onRemove={(index) =>
                setSlots((current) => {
                  revokeTemporary([current[index]!]);
                  return withoutImage(current, index);
                })
              }
              onMove={(from, to) => setSlots((current) => moveSlot(current, from, to))}
            />
          </fieldset>

          <div className={page.actions}>
            <Button type="submit" disabled={busy}>
              {mode === 'edit' ? 'Save' : 'Add'}
            </Button>
            <Button variant="secondary" onClick={() => navigate('/admin')} disabled={busy}>
              Cancel
            </Button>
          </div>
          {busy && <Spinner label="Saving product" />}
        </form>
      )}
    </main>
  );
}
