// Recent operations, kept in the browser (localStorage), newest first.
import { h, clear } from './dom.js';

const KEY = 'quarry.explorer.history';
const KEEP = 30;

export function loadHistory() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || [];
  } catch (ignored) {
    return [];
  }
}

export function remember(entry) {
  const history = loadHistory().filter((old) => old.json !== entry.json);
  history.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(history.slice(0, KEEP)));
}

export function renderHistory(container, onPick) {
  const history = loadHistory();
  clear(container, history.length ? h('ul', { class: 'history' }, history.map((entry) =>
    h('li', {}, h('button', { class: 'small', onclick: () => onPick(entry.json) }, 'load'),
        ` ${new Date(entry.time).toLocaleString()} · ${entry.summary} · ${entry.outcome}`)))
    : h('p', {}, 'No operations run yet in this browser.'));
}
