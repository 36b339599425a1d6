// Named operations: GetAllNamedOperations lists them; each is runnable with a
// form for its input (vertices, as EntitySeeds) and its parameters (defaults
// filled in; values are JSON when they parse as JSON, text otherwise).
import { h, clear } from './dom.js';
import { CLASS } from './gaffer.js';
import { execute } from './api.js';

function parameterValue(text) {
  try {
    return JSON.parse(text);
  } catch (ignored) {
    return text;
  }
}

function card(detail, onRun) {
  const parameters = detail.parameters || {};
  const inputs = Object.entries(parameters).map(([name, parameter]) => {
    const input = h('input', { 'data-parameter': name,
      value: parameter.defaultValue === undefined ? '' : JSON.stringify(parameter.defaultValue) });
    return [name, input, h('label', { class: 'block' },
        `${name}${parameter.required ? ' (required)' : ''} `, input,
        parameter.description ? h('small', {}, ` ${parameter.description}`) : null)];
  });
  const seeds = h('textarea', { class: 'named-input', rows: 2,
    placeholder: 'input vertices, one per line (optional)' });
  const run = () => {
    const operation = { class: CLASS.namedOperation, operationName: detail.operationName };
    const vertices = seeds.value.split('\n').map((line) => line.trim()).filter(Boolean);
    if (vertices.length) {
      operation.input = vertices.map((vertex) => ({ class: CLASS.entitySeed, vertex }));
    }
    const values = {};
    for (const [name, input] of inputs) {
      if (input.value.trim() !== '') values[name] = parameterValue(input.value);
    }
    if (Object.keys(values).length) operation.parameters = values;
    onRun(operation);
  };
  return h('section', { class: 'group-card named', 'data-named': detail.operationName },
      h('h3', {}, detail.operationName),
      detail.description ? h('p', { class: 'description' }, detail.description) : null,
      h('label', { class: 'block' }, 'Input ', seeds),
      inputs.map(([, , label]) => label),
      h('button', { onclick: run }, 'Run'));
}

export async function renderNamedOperations(container, onRun, showError) {
  clear(container, h('p', {}, 'Loading named operations...'));
  try {
    const details = await execute({ class: CLASS.getAllNamedOperations }) || [];
    clear(container, details.length ? details.map((d) => card(d, onRun))
      : h('p', {}, 'No named operations on this graph (AddNamedOperation adds one).'));
  } catch (error) {
    clear(container);
    showError(error);
  }
}
