// One label grammar (src/kube/labels.ts, kubectl's IsQualifiedName / IsValidLabelValue) for `-l`
// and `--node-selector`: the two flags accept and refuse the same keys and values.
import { describe, expect, it } from 'vitest';
import { isLabelValue, isQualifiedName, parseLabelSelector } from '../../../src/kube/labels.js';
import { validateSelector } from '../../../src/commands/check-migratable/options.js';
import { parseNodeSelector } from '../../../src/commands/start/options.js';

const accepted = (f: () => unknown) => {
  try {
    f();
    return true;
  } catch {
    return false;
  }
};

describe('label keys', () => {
  it.each([
    ['app', true],
    ['topology.kubernetes.io/zone', true],
    ['kubevirt.io/vmi-name', true],
    ['Example.COM/x', false], // the prefix is lower case
    ['a.b/c', true],
    ['a-b.c-d/e_f.G', true],
    ['a..b/c', false], // an empty DNS label: -l used to accept it, --node-selector refused it
    ['a.-b/c', false], // a DNS label ends alphanumeric
    ['a-.b/c', false],
    ['-a/c', false],
    ['a./c', false],
    ['/c', false],
    ['a/', false],
    ['a/b/c', false],
    ['_a', false],
    ['a_', false],
    [`${'a'.repeat(63)}`, true],
    [`${'a'.repeat(64)}`, false],
    [`${'a'.repeat(253)}/b`, true],
    [`${'a'.repeat(254)}/b`, false],
    [`${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}/b`, false], // 255 characters
  ])('%j: %s, the same for -l and --node-selector', (key, ok) => {
    expect(isQualifiedName(key)).toBe(ok);
    expect(accepted(() => parseLabelSelector(`${key}=x`))).toBe(ok);
    expect(accepted(() => validateSelector(`${key}=x`))).toBe(ok);
    expect(accepted(() => parseNodeSelector(`${key}=x`))).toBe(ok);
  });
});

describe('label values', () => {
  it.each([
    ['', true],
    ['v1.2_3-x', true],
    ['-x', false],
    ['x.', false],
    ['a b', false],
    [`${'v'.repeat(63)}`, true],
    [`${'v'.repeat(64)}`, false],
  ])('%j: %s, the same for -l and --node-selector', (value, ok) => {
    expect(isLabelValue(value)).toBe(ok);
    expect(accepted(() => parseLabelSelector(`k=${value}`))).toBe(ok);
    expect(accepted(() => parseNodeSelector(`k=${value}`))).toBe(ok);
  });
});

describe('-l refuses what the API server refuses, before any request', () => {
  it('the key that -l used to let through', () => {
    expect(() => validateSelector('a..b/c=x')).toThrow(/^invalid label selector "a\.\.b\/c=x": unable to parse requirement: invalid label selector "a\.\.b\/c=x"$/);
  });
});
