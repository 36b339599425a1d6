// The query builder: seeds, groups, direction, directedType, filters and
// groupBy overrides make a GetElements (or GetAllElements, GetAdjacentIds)
// whose JSON is shown live in the editor beside it.
import { h, clear } from './dom.js';
import { CLASS, shortClass, typedValue } from './gaffer.js';

const NO_VALUE = new Set(['Exists', 'IsTrue', 'IsFalse', 'IsNull', 'Not']);

export class Builder {
  // `onChange(operation)` runs whenever the built operation changes.
  constructor(container, schema, predicates, onChange) {
    this.container = container;
    this.schema = schema;
    this.predicates = [...predicates].sort((a, b) => shortClass(a).localeCompare(shortClass(b)));
    this.onChange = onChange;
    this.state = { kind: 'GetElements', seeds: '', groups: new Set(), direction: 'EITHER',
      directedType: 'EITHER', filters: [], groupBys: [] };
    this.render();
  }

  allGroups() {
    return [...Object.keys(this.schema.edges || {}), ...Object.keys(this.schema.entities || {})];
  }

  definition(group) {
    return (this.schema.edges || {})[group] || (this.schema.entities || {})[group] || {};
  }

  propertyClass(group, property) {
    const typeName = (this.definition(group).properties || {})[property];
    const type = (this.schema.types || {})[typeName];
    return typeof type === 'string' ? type : type && type.class;
  }

  vertexHint() {
    const types = new Set();
    for (const definition of Object.values(this.schema.edges || {})) {
      types.add(definition.source).add(definition.destination);
    }
    for (const definition of Object.values(this.schema.entities || {})) types.add(definition.vertex);
    const described = [...types].map((name) => {
      const type = (this.schema.types || {})[name] || {};
      return `${name} (${shortClass(typeof type === 'string' ? type : type.class)})`;
    });
    return `one vertex per line; vertex types: ${described.join(', ')}`;
  }

  seedClass() {
    const first = Object.values(this.schema.edges || {})[0] || Object.values(this.schema.entities || {})[0];
    const name = first && (first.source || first.vertex);
    const type = (this.schema.types || {})[name];
    return typeof type === 'string' ? type : type && type.class;
  }

  // The view: selected groups with their filters and groupBy overrides.
  view() {
    const groups = this.state.groups.size ? [...this.state.groups] : [];
    const named = new Set(groups);
    for (const filter of this.state.filters) named.add(filter.group);
    for (const override of this.state.groupBys) named.add(override.group);
    if (!named.size) return null;
    const view = {};
    for (const group of groups.length ? named : []) this.addGroupToView(view, group);
    if (!groups.length) {
      // No groups chosen: every group, with the filters on theirs.
      for (const group of this.allGroups()) this.addGroupToView(view, group);
    }
    return view;
  }

  addGroupToView(view, group) {
    const isEdge = group in (this.schema.edges || {});
    const key = isEdge ? 'edges' : 'entities';
    const definition = {};
    for (const stage of ['pre', 'post']) {
      const functions = this.state.filters.filter((f) => f.group === group && f.stage === stage)
          .map((f) => ({ selection: [f.property], predicate: this.predicate(f) }));
      if (functions.length) definition[`${stage}AggregationFilterFunctions`] = functions;
    }
    const override = this.state.groupBys.find((o) => o.group === group);
    if (override) {
      definition.groupBy = override.properties.split(',').map((p) => p.trim()).filter(Boolean);
    }
    view[key] = view[key] || {};
    view[key][group] = definition;
  }

  predicate(filter) {
    const predicate = { class: filter.predicate };
    const text = filter.value.trim();
    if (text.startsWith('{')) {
      try {
        return { ...predicate, ...JSON.parse(text) };
      } catch (ignored) {
        return predicate;  // The editor shows the operation; the server names the error.
      }
    }
    if (NO_VALUE.has(shortClass(filter.predicate)) || text === '') return predicate;
    const javaClass = this.propertyClass(filter.group, filter.property);
    if (shortClass(filter.predicate) === 'IsIn') {
      predicate.values = text.split(',').map((v) => typedValue(v, javaClass));
    } else {
      predicate.value = typedValue(text, javaClass);
    }
    return predicate;
  }

  operation() {
    const s = this.state;
    const operation = { class: CLASS[s.kind[0].toLowerCase() + s.kind.slice(1)] };
    if (s.kind !== 'GetAllElements') {
      const seedClass = this.seedClass();
      operation.input = s.seeds.split('\n').map((line) => line.trim()).filter(Boolean)
          .map((vertex) => ({ class: CLASS.entitySeed, vertex: typedValue(vertex, seedClass) }));
      if (s.direction !== 'EITHER') operation.includeIncomingOutGoing = s.direction;
    }
    if (s.directedType !== 'EITHER') operation.directedType = s.directedType;
    const view = this.view();
    if (view) operation.view = view;
    return operation;
  }

  changed() {
    this.onChange(this.operation());
  }

  set(key, value, rerender = false) {
    this.state[key] = value;
    if (rerender) this.render();
    this.changed();
  }

  select(id, options, value, onchange) {
    return h('select', { id, onchange: (e) => onchange(e.target.value) },
        options.map(([v, label]) => h('option', { value: v, selected: v === value }, label ?? v)));
  }

  filterRow(filter, index) {
    const properties = Object.keys(this.definition(filter.group).properties || {});
    const update = (key) => (value) => {
      filter[key] = value;
      if (key === 'group') filter.property = Object.keys(this.definition(value).properties || {})[0] || '';
      this.render();
      this.changed();
    };
    return h('div', { class: 'filter-row', 'data-filter': index },
        this.select(`filter-stage-${index}`, [['pre', 'pre-aggregation'], ['post', 'post-aggregation']],
            filter.stage, update('stage')),
        this.select(`filter-group-${index}`, this.allGroups().map((g) => [g]), filter.group, update('group')),
        this.select(`filter-property-${index}`, properties.map((p) => [p]), filter.property,
            update('property')),
        this.select(`filter-predicate-${index}`, this.predicates.map((p) => [p, shortClass(p)]),
            filter.predicate, update('predicate')),
        h('input', { id: `filter-value-${index}`, value: filter.value, placeholder: 'value, or {fields}',
          oninput: (e) => { filter.value = e.target.value; this.changed(); } }),
        h('button', { class: 'small', onclick: () => {
          this.state.filters.splice(index, 1);
          this.render();
          this.changed();
        } }, '✕'));
  }

  groupByRow(override, index) {
    return h('div', { class: 'groupby-row' },
        this.select(`groupby-group-${index}`, this.allGroups().map((g) => [g]), override.group,
            (value) => { override.group = value; this.changed(); }),
        h('input', { id: `groupby-properties-${index}`, value: override.properties,
          placeholder: 'properties, comma separated (empty: aggregate all)',
          oninput: (e) => { override.properties = e.target.value; this.changed(); } }),
        h('button', { class: 'small', onclick: () => {
          this.state.groupBys.splice(index, 1);
          this.render();
          this.changed();
        } }, '✕'));
  }

  render() {
    const s = this.state;
    const groupBoxes = this.allGroups().map((group) => h('label', { class: 'group-choice' },
        h('input', { type: 'checkbox', 'data-group': group, checked: s.groups.has(group),
          onchange: (e) => {
            if (e.target.checked) s.groups.add(group);
            else s.groups.delete(group);
            this.changed();
          } }), group));
    const defaultPredicate = this.predicates.find((p) => shortClass(p) === 'IsMoreThan') ||
        this.predicates[0];
    clear(this.container,
        h('label', {}, 'Operation ', this.select('builder-kind',
            [['GetElements'], ['GetAllElements'], ['GetAdjacentIds']], s.kind,
            (v) => this.set('kind', v, true))),
        s.kind === 'GetAllElements' ? null : h('label', { class: 'block' }, 'Seeds',
            h('textarea', { id: 'builder-seeds', rows: 3, placeholder: this.vertexHint(),
              title: this.vertexHint(), oninput: (e) => this.set('seeds', e.target.value) }, s.seeds)),
        h('div', { class: 'block' }, 'Groups (none: all)', h('div', { class: 'groups' }, groupBoxes)),
        s.kind === 'GetAllElements' ? null : h('label', {}, 'Direction ',
            this.select('builder-direction', [['EITHER'], ['OUTGOING'], ['INCOMING']], s.direction,
                (v) => this.set('direction', v))),
        h('label', {}, ' directedType ', this.select('builder-directed',
            [['EITHER'], ['DIRECTED'], ['UNDIRECTED']], s.directedType,
            (v) => this.set('directedType', v))),
        h('div', { class: 'block' }, 'Filters',
            s.filters.map((f, i) => this.filterRow(f, i)),
            h('button', { id: 'add-filter', class: 'small', onclick: () => {
              const group = [...s.groups][0] || this.allGroups()[0];
              const property = Object.keys(this.definition(group).properties || {})[0] || '';
              s.filters.push({ stage: 'pre', group, property, predicate: defaultPredicate, value: '' });
              this.render();
              this.changed();
            } }, '+ filter')),
        h('div', { class: 'block' }, 'groupBy overrides',
            s.groupBys.map((o, i) => this.groupByRow(o, i)),
            h('button', { id: 'add-groupby', class: 'small', onclick: () => {
              s.groupBys.push({ group: [...s.groups][0] || this.allGroups()[0], properties: '' });
              this.render();
              this.changed();
            } }, '+ groupBy')));
  }
}
