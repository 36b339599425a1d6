// The explorer page: schema, query builder with its live JSON, results as a
// table and a drawing, named operations and history. A client of Gaffer's
// REST API only (api.js).
import './style.css';
import { h, clear } from './dom.js';
import * as api from './api.js';
import { Builder } from './builder.js';
import { CLASS, shortClass, isElement } from './gaffer.js';
import { GraphView, MAX_DRAWN } from './graph_view.js';
import { renderHistory, remember } from './history.js';
import { renderNamedOperations } from './named_operations.js';
import { parseOperationText } from './operation_text.js';
import { ResultsTable } from './results.js';
import { renderSchema } from './schema_view.js';

const $ = (id) => document.getElementById(id);
let table;
let graph;
let running = null;  // The AbortController of the operation running.
// Rows kept in the browser; a larger result is cut here (the server stops
// when the connection closes) and the bar says so.
const MAX_ROWS = 100000;

function showError(error, where = $('errors')) {
  const body = error.body || {};
  clear(where, h('div', { class: 'error', role: 'alert' },
      h('strong', {}, body.statusCode ? `${body.statusCode} ${body.status || ''}` : 'Error'), ' ',
      h('span', { class: 'error-message' }, body.simpleMessage || error.message),
      body.detailMessage && body.detailMessage !== body.simpleMessage
        ? h('pre', {}, body.detailMessage) : null));
}

function showTab(name) {
  for (const tab of document.querySelectorAll('[data-tab]')) {
    tab.classList.toggle('active', tab.dataset.tab === name);
  }
  for (const panel of document.querySelectorAll('.panel')) panel.hidden = panel.id !== `panel-${name}`;
  if (name === 'history') renderHistory($('panel-history'), (json) => { setEditor(json); showTab('query'); });
  if (name === 'named') renderNamedOperations($('panel-named'), (op) => { setEditor(op); run(); }, showError);
}

function setEditor(operation) {
  $('operation-json').value = typeof operation === 'string' ? operation : JSON.stringify(operation, null, 2);
  checkEditor();
}

function checkEditor() {
  const { errors } = parseOperationText($('operation-json').value);
  clear($('json-errors'), errors.map((e) => h('div', { class: 'error' }, `${e.path}: ${e.message}`)));
  return errors.length === 0;
}

function summary(operation) {
  const names = operation.class === CLASS.chain
    ? (operation.operations || []).map((o) => shortClass(o.class)) : [shortClass(operation.class)];
  return names.join(' → ');
}

async function run() {
  const text = $('operation-json').value;
  const { operation } = parseOperationText(text);
  if (!operation) return checkEditor();
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  clear($('errors'));
  delete $('result-bar').dataset.state;
  table.reset();
  graph.clear();
  $('stop').disabled = false;
  const started = performance.now();
  const status = (state) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    $('result-bar').textContent = `${table.items.length} results · ${seconds} s · ${state}`;
  };
  let outcome = 'done';
  let truncated = false;
  try {
    await api.executeChunked(text, (items) => {
      table.add(items.slice(0, MAX_ROWS - table.items.length));
      status('running');
      if (table.items.length >= MAX_ROWS) {
        truncated = true;
        controller.abort();
      }
    }, controller.signal);
  } catch (error) {
    outcome = error.name === 'AbortError' ? 'stopped' : `failed: ${error.message}`;
    if (truncated) outcome = `stopped at ${MAX_ROWS} rows: narrow the query (a view, a Limit)`;
    if (error.name !== 'AbortError') showError(error);
  }
  if (running === controller) running = null;
  $('stop').disabled = true;
  status(outcome);
  $('result-bar').dataset.state = outcome === 'done' ? 'done' : 'failed';
  remember({ time: Date.now(), json: text, summary: summary(operation),
    outcome: `${table.items.length} results in ${((performance.now() - started) / 1000).toFixed(2)} s` });
  if (!$('draw-panel').hidden) draw();
}

function draw() {
  graph.clear();
  const skipped = graph.add(table.items);
  const elements = table.items.filter(isElement).length;
  $('draw-note').textContent = skipped ? `${MAX_DRAWN} of ${elements} elements drawn` : '';
}

async function expand(vertex) {
  const operation = { class: CLASS.chain, operations: [
    { class: CLASS.getElements, input: [{ class: CLASS.entitySeed, vertex }] },
    { class: CLASS.limit, resultLimit: 500, truncate: true }] };
  try {
    const items = await api.execute(operation) || [];
    graph.add(items);
    $('draw-note').textContent = `expanded ${typeof vertex === 'object' ? JSON.stringify(vertex) : vertex}: ${items.length} elements`;
  } catch (error) {
    showError(error);
  }
}

function showResults(which) {
  $('table-panel').hidden = which !== 'table';
  $('draw-panel').hidden = which !== 'draw';
  $('show-table').classList.toggle('active', which === 'table');
  $('show-draw').classList.toggle('active', which === 'draw');
  if (which === 'draw') {
    graph.cy.resize();
    draw();
  }
}

function renderUser() {
  const user = api.signedInUser();
  clear($('user'), user ? [`signed in as ${user} `, h('button', { class: 'small', id: 'sign-out',
    onclick: () => { api.signOut(); location.reload(); } }, 'sign out')]
    : h('button', { class: 'small', id: 'show-sign-in', onclick: () => { $('sign-in').hidden = false; } },
        'sign in'));
}

function signInForm(message) {
  const form = $('sign-in');
  form.hidden = false;
  $('sign-in-message').textContent = message || '';
  form.onsubmit = (event) => {
    event.preventDefault();
    api.signIn($('user-id').value, $('token').value);
    location.reload();
  };
}

async function start() {
  renderUser();
  let schema;
  try {
    schema = await api.getJson('/graph/config/schema');
  } catch (error) {
    if (error.status === 401) {
      signInForm(api.signedInUser() ? `Signing in failed: ${error.message}` : 'This server has users: sign in.');
      return;
    }
    return showError(error);
  }
  const [predicates, graphId] = await Promise.all([
    api.getJson('/graph/config/filterFunctions').catch(() => []),
    api.getJson('/graph/config/graphId').catch(() => '')]);
  $('graph-id').textContent = graphId;
  renderSchema($('panel-schema'), schema);
  table = new ResultsTable($('table-panel'));
  graph = new GraphView($('graph'), expand);
  const builder = new Builder($('builder'), schema, predicates, setEditor);
  setEditor(builder.operation());
  $('operation-json').addEventListener('input', checkEditor);
  $('operation-json').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) run();
  });
  $('run').onclick = run;
  $('stop').onclick = () => running && running.abort();
  $('show-table').onclick = () => showResults('table');
  $('show-draw').onclick = () => showResults('draw');
  for (const tab of document.querySelectorAll('[data-tab]')) tab.onclick = () => showTab(tab.dataset.tab);
  showTab('schema');
  // For scripting from the console and for the browser test (node positions).
  window.explorer = { graph, table };
  document.body.dataset.ready = 'true';
}

start();
