// Pasted operation JSON checked before it is sent: syntax errors with their
// line and column, and the shape Gaffer needs (a "class" on every operation,
// "operations" a list in a chain), each error named by its JSON path.

function lineAndColumn(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function syntaxError(text, error) {
  const match = /position (\d+)/.exec(error.message);
  if (!match) return { path: '$', message: error.message };
  const { line, column } = lineAndColumn(text, Number(match[1]));
  return { path: '$', message: `${error.message.replace(/ in JSON at.*$/, '')} at line ${line}, ` +
      `column ${column}`, line, column };
}

function checkOperation(operation, path, errors) {
  if (!operation || typeof operation !== 'object' || Array.isArray(operation)) {
    errors.push({ path, message: 'an operation must be a JSON object' });
    return;
  }
  if (typeof operation.class !== 'string' || operation.class === '') {
    errors.push({ path: `${path}.class`, message: 'missing: every operation names its "class"' });
    return;
  }
  if (/OperationChain(DAO)?$/.test(operation.class)) {
    if (!Array.isArray(operation.operations)) {
      errors.push({ path: `${path}.operations`, message: 'a chain needs a list of "operations"' });
      return;
    }
    operation.operations.forEach((inner, i) => checkOperation(inner, `${path}.operations[${i}]`,
        errors));
  }
}

// {operation, errors}: operation is the parsed object when errors is empty.
export function parseOperationText(text) {
  let operation;
  try {
    operation = JSON.parse(text);
  } catch (error) {
    return { operation: null, errors: [syntaxError(text, error)] };
  }
  const errors = [];
  checkOperation(operation, '$', errors);
  return { operation: errors.length ? null : operation, errors };
}
