// operation_text.js: pasted operation JSON checked before it is sent.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseOperationText } from '../src/operation_text.js';

test('a valid chain parses', () => {
  const { operation, errors } = parseOperationText(JSON.stringify({
    class: 'uk.gov.gchq.gaffer.operation.OperationChain',
    operations: [{ class: 'GetAllElements' }, { class: 'Count' }] }));
  assert.deepEqual(errors, []);
  assert.equal(operation.operations.length, 2);
});

test('a syntax error names its line and column', () => {
  const { operation, errors } = parseOperationText('{\n  "class": "GetAllElements",\n}');
  assert.equal(operation, null);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].line, 3);
  assert.equal(errors[0].column, 1);
});

test('shape errors name their JSON path', () => {
  assert.deepEqual(parseOperationText('{"input": []}').errors.map((e) => e.path), ['$.class']);
  assert.deepEqual(parseOperationText(
    '{"class": "OperationChain", "operations": [{"class": "Count"}, {}]}').errors.map((e) => e.path),
  ['$.operations[1].class']);
  assert.deepEqual(parseOperationText('{"class": "OperationChain"}').errors.map((e) => e.path),
      ['$.operations']);
  assert.deepEqual(parseOperationText('[1]').errors.map((e) => e.path), ['$']);
});
