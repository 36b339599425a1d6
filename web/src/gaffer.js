// Gaffer JSON helpers: class names, typed values, element identity, and
// schema validators described in words.

export const OPS = 'uk.gov.gchq.gaffer.operation.impl';
export const CLASS = {
  chain: 'uk.gov.gchq.gaffer.operation.OperationChain',
  getElements: `${OPS}.get.GetElements`,
  getAllElements: `${OPS}.get.GetAllElements`,
  getAdjacentIds: `${OPS}.get.GetAdjacentIds`,
  limit: `${OPS}.Limit`,
  entitySeed: 'uk.gov.gchq.gaffer.operation.data.EntitySeed',
  namedOperation: 'uk.gov.gchq.gaffer.named.operation.NamedOperation',
  getAllNamedOperations: 'uk.gov.gchq.gaffer.named.operation.GetAllNamedOperations',
};

// A typed value as Gaffer's JSON writes it: {"java.lang.Long": 5},
// {"uk.gov.gchq.gaffer.types.FreqMap": {...}}. The class name, or null.
function wrapperClass(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  return keys.length === 1 && /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\.[A-Z]\w*$/.test(keys[0]) ? keys[0] : null;
}

export function shortClass(name) {
  return typeof name === 'string' ? name.slice(name.lastIndexOf('.') + 1) : String(name);
}

// A property value as a person reads it: typed wrappers such as
// {"java.lang.Long": 5} unwrapped, dates as ISO text, the rest as JSON.
export function display(value, javaClass) {
  if (value === null || value === undefined) return '';
  const wrapped = wrapperClass(value);
  if (wrapped) return display(value[wrapped], wrapped);
  if (javaClass === 'java.util.Date' && typeof value === 'number') {
    return new Date(value).toISOString();
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

// The sortable value: numbers as numbers, the rest as display text.
export function sortKey(value) {
  const wrapped = wrapperClass(value);
  if (wrapped) return sortKey(value[wrapped]);
  return typeof value === 'number' ? value : display(value);
}

// A value typed for a schema type's Java class, from what was typed in a form.
export function typedValue(text, javaClass) {
  const trimmed = String(text).trim();
  switch (javaClass) {
    case 'java.lang.Long':
      return { 'java.lang.Long': Number(trimmed) };
    case 'java.lang.Integer':
    case 'java.lang.Double':
    case 'java.lang.Float':
      return Number(trimmed);
    case 'java.lang.Boolean':
      return trimmed === 'true';
    case 'java.util.Date':
      return { 'java.util.Date': /^\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed) };
    default:
      return trimmed;
  }
}

export function isElement(item) {
  return item && typeof item === 'object' && typeof item.group === 'string' &&
      ('vertex' in item || 'source' in item);
}

export function vertexId(vertex) {
  return typeof vertex === 'object' ? JSON.stringify(vertex) : String(vertex);
}

function inWords(milliseconds) {
  const units = [['day', 86400000], ['hour', 3600000], ['minute', 60000], ['second', 1000]];
  for (const [name, size] of units) {
    if (milliseconds >= size && milliseconds % size === 0) {
      const n = milliseconds / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${milliseconds} ms`;
}

// A validator (a koryphe predicate) in words: "kept for 30 days", ">= 0".
export function describePredicate(predicate) {
  const name = shortClass(predicate.class);
  const value = display(predicate.value);
  switch (name) {
    case 'AgeOff': {
      // Koryphe's AgeOff keeps what is younger than ageOffTime (ms; default 1 year).
      return `kept for ${inWords(Number(predicate.ageOffTime ?? 31536000000))}`;
    }
    case 'Exists':
      return 'must be set';
    case 'IsTrue':
      return 'must be true';
    case 'IsMoreThan':
      return `${predicate.orEqualTo ? '>=' : '>'} ${value}`;
    case 'IsLessThan':
      return `${predicate.orEqualTo ? '<=' : '<'} ${value}`;
    case 'IsEqual':
      return `= ${value}`;
    default: {
      const fields = Object.entries(predicate).filter(([key]) => key !== 'class')
          .map(([key, field]) => `${key}: ${display(field)}`);
      return fields.length ? `${name}(${fields.join(', ')})` : name;
    }
  }
}
