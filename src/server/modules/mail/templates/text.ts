/**
 * How the HTML of a mail becomes its plain-text twin (html-to-text, through react-email's
 * `toPlainText`): headings as written, and the layout's two-part rows and boxes on one line
 * ("Total paid: £19.81", "Tracking reference: RM123456GB") instead of one line per table cell;
 * lines are not wrapped (mail apps wrap plain text to the window).
 */
interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}
interface Builder {
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addInline(text: string): void;
}
type Walk = (nodes: Node[] | undefined, builder: Builder) => void;

/** The outermost descendants named `tag` (cells of a row, paragraphs of a box). */
function parts(node: Node, tag: string): Node[] {
  return (node.children ?? []).flatMap((child) =>
    child.name === tag ? [child] : child.type === 'tag' ? parts(child, tag) : [],
  );
}

const hasClass = (node: Node, name: string) => (node.attribs?.class ?? '').split(/\s+/).includes(name);

/** One block: the parts named `tag`, side by side, separated by `separator`; cells of class m-cover left out. */
function joinParts(tag: string, separator: string) {
  return (elem: Node, walk: Walk, builder: Builder) => {
    builder.openBlock({ leadingLineBreaks: 1 });
    parts(elem, tag)
      .filter((part) => !hasClass(part, 'm-cover'))
      .forEach((part, i) => {
        if (i > 0) builder.addInline(separator);
        walk(part.children, builder);
      });
    builder.closeBlock({ trailingLineBreaks: 1 });
  };
}

export const TEXT_OPTIONS = {
  wordwrap: false,
  formatters: { pairRow: joinParts('td', ': '), lineRow: joinParts('td', ' — '), box: joinParts('p', ': ') },
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table.m-pair', format: 'pairRow' },
    { selector: 'table.m-line', format: 'lineRow' },
    { selector: 'table.m-join', format: 'box' },
  ],
};
