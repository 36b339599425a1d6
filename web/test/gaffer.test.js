// gaffer.js: values and validators as Gaffer's JSON writes them (koryphe's
// AgeOff keeps elements younger than ageOffTime milliseconds; IsMoreThan with
// orEqualTo is ">="), worked out from Gaffer's and koryphe's docs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { describePredicate, display, sortKey, typedValue } from '../src/gaffer.js';

test('age-off in words', () => {
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.AgeOff',
    ageOffTime: 30 * 24 * 3600 * 1000 }), 'kept for 30 days');
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.AgeOff',
    ageOffTime: 3600 * 1000 }), 'kept for 1 hour');
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.AgeOff',
    ageOffTime: 90 * 60 * 1000 }), 'kept for 90 minutes');
});

test('comparison validators', () => {
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.IsMoreThan',
    orEqualTo: true, value: { 'java.lang.Long': 0 } }), '>= 0');
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.IsLessThan',
    value: 5 }), '< 5');
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.Exists' }),
      'must be set');
  assert.equal(describePredicate({ class: 'uk.gov.gchq.koryphe.impl.predicate.Regex',
    value: 'M5.*' }), 'Regex(value: M5.*)');
});

test('typed values are unwrapped for display and sorting', () => {
  assert.equal(display({ 'java.lang.Long': 12735 }), '12735');
  assert.equal(display({ 'java.util.Date': 1034319600000 }), '2002-10-11T07:00:00.000Z');
  assert.equal(display({ 'uk.gov.gchq.gaffer.types.FreqMap': { CAR: 3 } }), '{"CAR":3}');
  assert.equal(display({ a: 1, b: 2 }), '{"a":1,"b":2}');
  assert.equal(sortKey({ 'java.lang.Long': 7 }), 7);
});

test('form text becomes the schema type\'s JSON', () => {
  assert.deepEqual(typedValue('1000', 'java.lang.Long'), { 'java.lang.Long': 1000 });
  assert.equal(typedValue(' 3 ', 'java.lang.Integer'), 3);
  assert.equal(typedValue('M32:1', 'java.lang.String'), 'M32:1');
  assert.deepEqual(typedValue('2002-10-11T07:00:00Z', 'java.util.Date'),
      { 'java.util.Date': 1034319600000 });
});
