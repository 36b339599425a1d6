// The schema view: every group with its identifiers, properties (type, Java
// class, aggregator), groupBy and the validators of its types, in words.
import { h, clear } from './dom.js';
import { describePredicate, shortClass } from './gaffer.js';

function typeOf(schema, typeName) {
  const type = (schema.types || {})[typeName];
  return typeof type === 'string' ? { class: type } : type || {};
}

function validators(schema, typeName) {
  const type = typeOf(schema, typeName);
  return (type.validateFunctions || []).map(describePredicate).join('; ');
}

function identifierRows(schema, definition, isEdge) {
  const names = isEdge ? ['source', 'destination'] : ['vertex'];
  const rows = names.map((name) => h('tr', { class: 'identifier' },
      h('td', {}, name), h('td', {}, definition[name]),
      h('td', {}, shortClass(typeOf(schema, definition[name]).class)), h('td', {}, ''),
      h('td', {}, validators(schema, definition[name]))));
  if (isEdge) {
    rows.push(h('tr', { class: 'identifier' }, h('td', {}, 'directed'),
        h('td', {}, String(definition.directed ?? '')), h('td', {}, ''), h('td', {}, ''),
        h('td', {}, '')));
  }
  return rows;
}

function propertyRows(schema, definition) {
  return Object.entries(definition.properties || {}).map(([property, typeName]) => {
    const type = typeOf(schema, typeName);
    const aggregator = type.aggregateFunction ? shortClass(type.aggregateFunction.class) : '';
    return h('tr', {}, h('td', {}, property), h('td', {}, typeName),
        h('td', {}, shortClass(type.class)), h('td', {}, aggregator),
        h('td', {}, validators(schema, typeName)));
  });
}

function groupCard(schema, group, definition, isEdge) {
  const groupBy = definition.groupBy || [];
  return h('section', { class: 'group-card', 'data-group': group },
      h('h3', {}, h('span', { class: `badge ${isEdge ? 'edge' : 'entity'}` }, isEdge ? 'edge' : 'entity'),
          ' ', group),
      definition.description ? h('p', { class: 'description' }, definition.description) : null,
      h('table', { class: 'schema-table' },
          h('thead', {}, h('tr', {}, ['name', 'type', 'class', 'aggregator', 'validators']
              .map((name) => h('th', {}, name)))),
          h('tbody', {}, identifierRows(schema, definition, isEdge),
              propertyRows(schema, definition))),
      h('p', { class: 'group-by' }, 'groupBy: ',
          groupBy.length ? groupBy.join(', ') : '(none: all properties aggregate)'));
}

export function renderSchema(container, schema) {
  const cards = [];
  for (const [group, definition] of Object.entries(schema.edges || {})) {
    cards.push(groupCard(schema, group, definition, true));
  }
  for (const [group, definition] of Object.entries(schema.entities || {})) {
    cards.push(groupCard(schema, group, definition, false));
  }
  const notes = [];
  if (schema.visibilityProperty) notes.push(`visibility property: ${schema.visibilityProperty}`);
  if (schema.timestampProperty) notes.push(`timestamp property: ${schema.timestampProperty}`);
  clear(container, h('p', { class: 'summary' },
      `${cards.length} groups`, notes.length ? ` · ${notes.join(' · ')}` : ''), cards);
}
