// The results table: items arrive in batches while a chunked result streams;
// only the current page is drawn, so a large result never freezes the page.
// Columns: an element's identifiers, then one per property seen; a result
// that is not elements (a count, strings) is one "value" column.
import { h, clear } from './dom.js';
import { display, isElement, sortKey } from './gaffer.js';

const PAGE_SIZE = 25;
const IDENTIFIERS = ['group', 'vertex', 'source', 'destination', 'directed'];

export class ResultsTable {
  constructor(container) {
    this.container = container;
    this.reset();
  }

  reset() {
    this.items = [];
    this.properties = new Set();
    this.page = 0;
    this.sort = null;  // {column, descending}
    this.sortedCache = null;  // this.items in this.sort's order; null when stale.
    this.scheduled = false;
    this.render();
  }

  add(items) {
    this.sortedCache = null;
    for (const item of items) {
      this.items.push(item);
      if (isElement(item)) Object.keys(item.properties || {}).forEach((p) => this.properties.add(p));
    }
    if (!this.scheduled) {
      this.scheduled = true;
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.render();
      });
    }
  }

  columns() {
    if (this.items.length && !this.items.every(isElement)) return ['value'];
    return [...IDENTIFIERS, ...[...this.properties].sort()];
  }

  cell(item, column) {
    if (column === 'value') return item;
    if (IDENTIFIERS.includes(column)) return item[column];
    return (item.properties || {})[column];
  }

  sorted() {
    if (!this.sort) return this.items;
    if (!this.sortedCache) this.sortedCache = this.sortItems();
    return this.sortedCache;
  }

  sortItems() {
    const { column, descending } = this.sort;
    const keyed = this.items.map((item) => [sortKey(this.cell(item, column)), item]);
    keyed.sort(([a], [b]) => {
      const order = typeof a === 'number' && typeof b === 'number' ? a - b
          : String(a).localeCompare(String(b), undefined, { numeric: true });
      return descending ? -order : order;
    });
    return keyed.map(([, item]) => item);
  }

  pages() {
    return Math.max(1, Math.ceil(this.items.length / PAGE_SIZE));
  }

  goTo(page) {
    this.page = Math.min(Math.max(page, 0), this.pages() - 1);
    this.render();
  }

  sortBy(column) {
    const descending = this.sort && this.sort.column === column && !this.sort.descending;
    this.sort = { column, descending };
    this.sortedCache = null;
    this.page = 0;
    this.render();
  }

  render() {
    const columns = this.columns();
    const rows = this.sorted().slice(this.page * PAGE_SIZE, (this.page + 1) * PAGE_SIZE);
    const arrow = (column) => (this.sort && this.sort.column === column
        ? (this.sort.descending ? ' ▼' : ' ▲') : '');
    clear(this.container,
        h('div', { class: 'pager' },
            h('button', { id: 'page-previous', class: 'small', disabled: this.page === 0,
              onclick: () => this.goTo(this.page - 1) }, '‹ previous'),
            h('span', { id: 'page-label' }, ` page ${this.page + 1} of ${this.pages()} `),
            h('button', { id: 'page-next', class: 'small', disabled: this.page >= this.pages() - 1,
              onclick: () => this.goTo(this.page + 1) }, 'next ›')),
        h('table', { id: 'results-table', class: 'results' },
            h('thead', {}, h('tr', {}, columns.map((column) => h('th', {
              'data-column': column, onclick: () => this.sortBy(column) }, column + arrow(column))))),
            h('tbody', {}, rows.map((item) => h('tr', {}, columns.map((column) =>
              h('td', {}, display(this.cell(item, column)))))))));
  }
}
