/**
 * /admin/products/spreadsheet (issue 30, decision 153): the catalogue out as a CSV file, and books
 * in from one. An import is checked first (the dry run: what would be added, changed field by
 * field, left alone, and every problem by row and column); "Apply" then sends the same files
 * again to be written, all or nothing. While the server works, a progress bar says so.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductImportReport } from '@shared/contracts/products';
import { Button } from '../../../../components/Button';
import { InlineSpinner } from '../../../../components/Spinner';
import { useBanner } from '../../../../lib/banner';
import { serverMessage } from '../../../../lib/api';
import { saveFile } from '../../../../lib/save-file';
import { exportCatalogue, useImportProducts, type ImportFiles } from './api';
import page from '../../../../styles/admin.module.css';
import styles from './Spreadsheet.module.css';

const COLUMNS_HELP =
  'Columns: id, name, type, description, age, price, image_1 … image_6 (an https:// address, or the name of a file in the ZIP). Books are matched by their ID; a column you leave out is left as it is, so a file of id and price changes prices only.';

const books = (count: number) => (count === 1 ? '1 book' : `${count.toLocaleString('en-GB')} books`);

function ExportPanel() {
  const [archived, setArchived] = useState(false);
  const [busy, setBusy] = useState(false);
  const banner = useBanner();
  const run = async () => {
    setBusy(true);
    try {
      const file = await exportCatalogue(archived);
      saveFile(file.blob, file.filename ?? 'products.csv');
    } catch (error) {
      const reason = serverMessage(error);
      banner.show({
        content: `The catalogue could not be exported. ${reason ?? 'Please try again.'}`,
        action: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${page.panel} ${styles.panel}`} aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p className={page.muted}>Every book as a CSV file that Excel, Numbers and LibreOffice open: one row a book.</p>
      <label className={styles.check}>
        <input type="checkbox" checked={archived} onChange={(event) => setArchived(event.target.checked)} />
        Include archived books
      </label>
      <div className={page.actions}>
        <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
          {busy ? 'Exporting…' : 'Download CSV'}
        </Button>
      </div>
    </section>
  );
}

/** The server at work: an indeterminate bar and the seconds so far. */
function Working({ label }: { label: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.working} role="status">
      <progress className={styles.progress} aria-label={label} />
      <span>
        {label} {seconds > 0 ? `(${seconds} s)` : ''}
      </span>
    </div>
  );
}

function Summary({ report }: { report: ProductImportReport }) {
  const parts = [
    `${report.added.length} ${report.applied ? 'added' : 'to add'}`,
    `${report.changed.length} ${report.applied ? 'changed' : 'to change'}`,
    `${report.unchanged.length} left alone`,
    `${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'}`,
  ];
  return (
    <p className={styles.summary}>
      {books(report.rows)}: {parts.join(', ')}.
    </p>
  );
}

/** One column of a report table: its heading (also each cell's label on a phone) and what a cell shows. */
interface Column<Item> {
  label: string;
  cell: (item: Item) => ReactNode;
}

/** A section of the report: its heading and a table, a row an item. */
function ReportTable<Item>({
  id,
  title,
  items,
  columns,
  rowClass,
  children,
}: {
  id: string;
  title: string;
  items: readonly Item[];
  columns: Array<Column<Item>>;
  rowClass?: (item: Item) => string | undefined;
  children?: ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={index} className={rowClass?.(item)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Change = ProductImportReport['changed'][number] & {
  change: ProductImportReport['changed'][number]['changes'][number];
  first: boolean;
};

function Problems({ problems }: { problems: ProductImportReport['problems'] }) {
  return (
    <ReportTable
      id="import-problems"
      title="Problems"
      items={problems}
      columns={[
        { label: 'Row', cell: (problem) => problem.row },
        { label: 'Column', cell: (problem) => problem.column },
        { label: 'Problem', cell: (problem) => problem.message },
      ]}
    >
      <p className={`${page.alert} ${page.danger}`} role="alert">
        Nothing can be imported until every problem is fixed: correct them in your spreadsheet and check the file again.
      </p>
    </ReportTable>
  );
}

function Added({ added, done }: { added: ProductImportReport['added']; done: boolean }) {
  return (
    <ReportTable
      id="import-added"
      title={`${done ? 'Added' : 'To add'} (${added.length})`}
      items={added}
      columns={[
        { label: 'Row', cell: (book) => book.row },
        { label: 'ID', cell: (book) => book.id },
        { label: 'Name', cell: (book) => book.name },
        { label: 'Price', cell: (book) => `£${book.price.toFixed(2)}` },
      ]}
    />
  );
}

/** One row a changed field; a book's later fields do not repeat its row and name on a wide screen. */
function Changed({ changed, done }: { changed: ProductImportReport['changed']; done: boolean }) {
  const rows: Change[] = changed.flatMap((book) =>
    book.changes.map((change, index) => ({ ...book, change, first: index === 0 })),
  );
  return (
    <ReportTable
      id="import-changed"
      title={`${done ? 'Changed' : 'To change'} (${changed.length})`}
      items={rows}
      rowClass={(row) => (row.first ? undefined : styles.continued)}
      columns={[
        { label: 'Row', cell: (row) => row.row },
        {
          label: 'Book',
          cell: (row) => (
            <span>
              {row.name} <span className={page.muted}>({row.id})</span>
            </span>
          ),
        },
        { label: 'Column', cell: (row) => row.change.column },
        { label: 'Now', cell: (row) => <span className={styles.old}>{row.change.old || '(empty)'}</span> },
        { label: 'Becomes', cell: (row) => <span className={styles.new}>{row.change.new || '(empty)'}</span> },
      ]}
    />
  );
}

function Unchanged({ unchanged }: { unchanged: ProductImportReport['unchanged'] }) {
  if (unchanged.length === 0) return null;
  return (
    <details className={styles.unchanged}>
      <summary>Left alone ({unchanged.length})</summary>
      <p className={page.muted}>{unchanged.map((book) => `${book.id} (row ${book.row})`).join(', ')}</p>
    </details>
  );
}

function ImportPanel() {
  const csvId = useId();
  const zipId = useId();
  const [files, setFiles] = useState<ImportFiles | null>(null);
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const importing = useImportProducts();
  const banner = useBanner();

  const send = (chosen: ImportFiles, dryRun: boolean) => {
    setRefusal(null);
    importing.mutate(
      { files: chosen, dryRun },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.applied)
            banner.show({
              content: `Imported: ${answer.added.length} added, ${answer.changed.length} changed.`,
              action: 'success',
            });
        },
        onError: (error) => {
          setReport(null);
          setRefusal(serverMessage(error) ?? 'The file could not be sent. Please try again.');
        },
      },
    );
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!csv) return;
    const chosen = { csv, images: zip };
    setFiles(chosen);
    send(chosen, true);
  };

  const done = report?.applied === true;
  const canApply =
    report !== null && !done && report.problems.length === 0 && report.added.length + report.changed.length > 0;

  return (
    <section className={`${page.panel} ${styles.panel}`} aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p className={page.muted}>{COLUMNS_HELP}</p>
      <form onSubmit={check}>
        <div className={page.field}>
          <label className={page.label} htmlFor={csvId}>
            Spreadsheet (CSV)<span className={page.required}>*</span>
          </label>
          <input
            id={csvId}
            className={page.input}
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(event) => {
              setCsv(event.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
        </div>
        <div className={page.field}>
          <label className={page.label} htmlFor={zipId}>
            Images (ZIP, optional)
          </label>
          <input
            id={zipId}
            className={page.input}
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => {
              setZip(event.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
          <span className={page.hint}>The files your image columns name, in any folder of the ZIP.</span>
        </div>
        <div className={page.actions}>
          <Button type="submit" variant="secondary" disabled={!csv || importing.isPending}>
            Check the file
          </Button>
        </div>
      </form>

      {importing.isPending && (
        <Working label={importing.variables?.dryRun === false ? 'Importing the books…' : 'Checking the file…'} />
      )}
      {refusal && (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {refusal}
        </p>
      )}

      {report && !importing.isPending && (
        <div className={styles.report} aria-live="polite">
          <h2 className={styles.reportTitle}>{done ? 'Imported' : 'Dry run: nothing has been written yet'}</h2>
          <Summary report={report} />
          {done && (
            <p className={`${page.alert} ${page.success}`}>
              The books are in the shop. <Link to="/admin">See the books</Link>
            </p>
          )}
          {canApply && (
            <div className={styles.apply}>
              <Button onClick={() => files && send(files, false)} disabled={importing.isPending}>
                {importing.isPending ? <InlineSpinner /> : null}
                Apply: import {books(report.added.length + report.changed.length)}
              </Button>
            </div>
          )}
          <Problems problems={report.problems} />
          <Changed changed={report.changed} done={done} />
          <Added added={report.added} done={done} />
          <Unchanged unchanged={report.unchanged} />
        </div>
      )}
    </section>
  );
}

export function SpreadsheetPage() {
  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Products</span>
          Books by spreadsheet
        </h1>
        <Link className={page.back} to="/admin">
          ← Admin
        </Link>
      </div>
      <ImportPanel />
      <ExportPanel />
    </main>
  );
}
