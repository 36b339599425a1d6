// The drawn graph (cytoscape): entities' vertices as nodes, edges as links,
// coloured by group; nodes and links sized by a chosen numeric property.
// Clicking a node asks for one hop more (onExpand), merged into the drawing.
import cytoscape from 'cytoscape';
import { h, clear } from './dom.js';
import { isElement, sortKey, vertexId } from './gaffer.js';

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22', '#17becf'];
export const MAX_DRAWN = 2000;

// `total` with the numeric properties of `properties` added in.
function summed(total, properties) {
  const out = { ...total };
  for (const [name, value] of Object.entries(properties)) {
    const number = sortKey(value);
    if (typeof number === 'number') out[name] = (typeof out[name] === 'number' ? out[name] : 0) + number;
  }
  return out;
}

export class GraphView {
  constructor(container, onExpand) {
    this.onExpand = onExpand;
    this.sizeProperty = '';
    this.colours = new Map();
    this.seen = new Set();
    this.controls = h('div', { class: 'graph-controls' });
    this.canvas = h('div', { id: 'graph-canvas' });
    clear(container, this.controls, this.canvas);
    this.cy = cytoscape({
      container: this.canvas,
      style: [
        { selector: 'node', style: { 'background-color': 'data(colour)', label: 'data(label)',
          width: 'data(size)', height: 'data(size)', 'font-size': 9 } },
        { selector: 'edge', style: { 'line-color': 'data(colour)', 'target-arrow-color': 'data(colour)',
          'target-arrow-shape': 'data(arrow)', 'curve-style': 'bezier', width: 'data(width)',
          label: 'data(label)', 'font-size': 9 } },
      ],
    });
    this.cy.on('tap', 'node', (event) => this.onExpand(event.target.data('vertex')));
    this.renderControls();
  }

  colour(group) {
    if (!this.colours.has(group)) this.colours.set(group, PALETTE[this.colours.size % PALETTE.length]);
    return this.colours.get(group);
  }

  clear() {
    this.seen.clear();
    this.cy.elements().remove();
    this.renderControls();
  }

  node(vertex) {
    const id = 'v:' + vertexId(vertex);
    let node = this.cy.getElementById(id);
    if (node.empty()) {
      node = this.cy.add({ group: 'nodes', data: { id, vertex, label: vertexId(vertex),
        colour: '#999', size: 20, properties: {} } });
    }
    return node;
  }

  // Adds elements (already drawn ones merge); returns how many were not drawn.
  add(items) {
    const elements = items.filter(isElement);
    const room = Math.max(0, MAX_DRAWN - this.cy.elements().length);
    const drawn = elements.slice(0, room);
    this.cy.batch(() => {
      for (const element of drawn) {
        const key = JSON.stringify(element);
        if (this.seen.has(key)) continue;  // Drawn already (an expansion finds it again).
        this.seen.add(key);
        if ('vertex' in element) {
          const node = this.node(element.vertex);
          node.data('colour', this.colour(element.group));
          node.data('group', element.group);
          node.data('properties', summed(node.data('properties'), element.properties || {}));
          continue;
        }
        const source = this.node(element.source);
        const destination = this.node(element.destination);
        // Parallel edges of a group (one per time bucket, say) are one link
        // whose numeric properties are summed and whose label counts them.
        const id = 'e:' + JSON.stringify([element.group, element.source, element.destination,
          element.directed]);
        const existing = this.cy.getElementById(id);
        if (!existing.empty()) {
          existing.data('properties', summed(existing.data('properties'), element.properties || {}));
          existing.data('edges', existing.data('edges') + 1);
          existing.data('label', `×${existing.data('edges')}`);
          continue;
        }
        this.cy.add({ group: 'edges', data: { id, source: source.id(), target: destination.id(),
          group: element.group, colour: this.colour(element.group), width: 2, edges: 1, label: '',
          arrow: element.directed ? 'triangle' : 'none',
          properties: summed({}, element.properties || {}) } });
      }
    });
    this.resize();
    this.layout();
    this.renderControls();
    return elements.length - drawn.length;
  }

  numericProperties() {
    const names = new Set();
    this.cy.elements().forEach((element) => {
      for (const [name, value] of Object.entries(element.data('properties') || {})) {
        if (typeof sortKey(value) === 'number') names.add(name);
      }
    });
    return [...names].sort();
  }

  // Sizes nodes (10-60 px) and links (1-10 px) by the chosen property.
  resize() {
    const value = (element) => {
      const raw = (element.data('properties') || {})[this.sizeProperty];
      const key = sortKey(raw);
      return typeof key === 'number' ? key : null;
    };
    for (const [selector, low, high, field, plain] of
      [['node', 10, 60, 'size', 20], ['edge', 1, 10, 'width', 2]]) {
      const all = this.cy.elements(selector);
      const values = all.map(value).filter((v) => v !== null);
      const max = Math.max(...values, 1);
      all.forEach((element) => {
        const v = this.sizeProperty ? value(element) : null;
        element.data(field, v === null ? plain : low + (high - low) * Math.sqrt(v / max));
      });
    }
  }

  layout() {
    this.cy.layout({ name: this.cy.nodes().length > 300 ? 'grid' : 'cose', animate: false,
      fit: true, padding: 20 }).run();
  }

  renderControls() {
    const legend = [...this.colours].map(([group, colour]) =>
      h('span', { class: 'legend' }, h('span', { class: 'swatch', style: `background:${colour}` }),
          group));
    clear(this.controls,
        h('label', {}, 'Size by ', h('select', { id: 'size-by', onchange: (e) => {
          this.sizeProperty = e.target.value;
          this.resize();
        } }, h('option', { value: '' }, '(none)'), this.numericProperties().map((p) =>
          h('option', { value: p, selected: p === this.sizeProperty }, p)))),
        h('span', { id: 'graph-counts' },
            ` ${this.cy.nodes().length} nodes, ${this.cy.edges().length} edges · click a node to expand `),
        legend);
  }
}
