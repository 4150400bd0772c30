// Parsers never take a control character into a value (issue #16 item 1): a CPU feature, a
// resource, a quota, pod, webhook or network name parsed out of cluster text stops at one, or
// the text is not recognised, and the same texts without it parse as before.
import { describe, expect, it } from 'vitest';
import { matchGoFormat } from '../../../src/analyze/why/parse/go-format.js';
import { classifyFailure } from '../../../src/analyze/why/parse/failure-reason.js';
import { parseSchedulerMessage } from '../../../src/analyze/why/parse/scheduler-message.js';
import { parseQuotaExceeded, parseQuotaMustSpecify } from '../../../src/analyze/why/parse/quota-message.js';
import { classifyCreateError } from '../../../src/analyze/why/parse/create-error.js';
import { classifyPodReason } from '../../../src/analyze/why/parse/pod-event.js';
import { parseMigrationCreateDenial } from '../../../src/analyze/why/parse/migration-create-denial.js';
import { MSG_IN_FLIGHT_MIGRATION } from '../../../src/kubevirt/constants.js';
import { PAYLOAD, PAYLOAD_PARTS, rawControls } from '../../support/hostile-text.js';

const ESC = PAYLOAD_PARTS.csiClearScreen;
const C1 = PAYLOAD_PARTS.c1Csi;
const BIDI = PAYLOAD_PARTS.bidiOverride;

describe('Go format verbs', () => {
  it('%s and %v take tab and newline but no other control character', () => {
    expect(matchGoFormat('reason: %s', 'reason: a\tb\nc')).toEqual(['a\tb\nc']);
    for (const c of [ESC, C1, BIDI, '\r', '\0', PAYLOAD_PARTS.tagCharacter]) expect(matchGoFormat('reason: %s', `reason: a${c}b`)).toBeUndefined();
    expect(matchGoFormat('pod %s is %v', `pod a${ESC} is b`)).toBeUndefined();
  });

  it('a trailing value in contains mode ends at the first control character', () => {
    expect(matchGoFormat('failed: %s', `x failed: disk full${PAYLOAD}`, 'contains')).toEqual(['disk full']);
  });

  it('a KubeVirt in-flight denial with an escape in the UID is not taken as one', () => {
    const text = MSG_IN_FLIGHT_MIGRATION.replace('%s', `abc${ESC}`).replace('%s', 'db-primary');
    expect(parseMigrationCreateDenial(text)).toBeUndefined();
  });
});

describe('libvirt CPU features', () => {
  it('the feature list stops at the first control character', () => {
    const text = `Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=9, Domain=31, Message='operation failed: guest CPU doesn't match specification: missing features: vmx-rdrand-exit,vmx-vmfunc${PAYLOAD},avx512f')`;
    const got = classifyFailure(text);
    expect(got?.cause).toBe('cpu-incompatible');
    expect(got?.cause === 'cpu-incompatible' ? got.args.features : undefined).toEqual(['vmx-rdrand-exit', 'vmx-vmfunc']);
  });
});

describe('scheduler messages', () => {
  it('a resource or taint with an escape in it is not recognised; the clean reasons still are', () => {
    const parsed = parseSchedulerMessage(`0/3 nodes are available: 1 Insufficient memory${BIDI}, 2 Insufficient cpu.`)!;
    expect(parsed.total).toBe(3);
    expect(parsed.reasons.map((r) => r.resource)).toEqual([undefined, 'cpu']);
    const values = (m: string) => parseSchedulerMessage(m)!.reasons.flatMap((r) => [r.resource ?? '', r.taint?.key ?? '', r.taint?.value ?? '', ...(r.plugins ?? [])]);
    for (const c of [ESC, C1, BIDI, PAYLOAD]) {
      expect(rawControls(values(`0/3 nodes are available: 1 Insufficient memory${c}, 2 node(s) had untolerated taint {a${c}: b}, 3 node(s) didn't satisfy plugin(s) [NodeAffinity${c}].`).join(''))).toEqual([]);
    }
    const tainted = parseSchedulerMessage(`0/2 nodes are available: 2 node(s) had untolerated taint {dedicated${BIDI}: gpu}.`)!;
    expect(tainted.reasons.every((r) => r.taint === undefined)).toBe(true);
  });
});

describe('quota and create errors', () => {
  it('quota, pod and resource names never hold a control character', () => {
    const clean = 'pods "virt-launcher-ci-runner-2r9rd" is forbidden: exceeded quota: dev-quota, requested: requests.memory=4Gi, used: requests.memory=12Gi, limited: requests.memory=16Gi';
    expect(parseQuotaExceeded(clean)).toMatchObject({ pod: 'virt-launcher-ci-runner-2r9rd', quota: 'dev-quota' });
    const hostile = parseQuotaExceeded(clean.replace('dev-quota', `dev${ESC}quota`).replace('ci-runner', `ci${C1}runner`));
    expect(hostile?.quota).toBeUndefined();
    const limited = parseQuotaExceeded(`${clean}${PAYLOAD}`)!;
    expect(limited.limited).toEqual({ 'requests.memory': '16Gi' });
    const must = parseQuotaMustSpecify(`failed quota: dev${ESC}quota: must specify limits.memory`);
    expect(must).toBeUndefined();
  });

  it('a webhook or Pod Security level name with a control character is not taken as one', () => {
    expect(classifyCreateError(`admission webhook "policy${ESC}.example" denied the request: no`)).toBeUndefined();
    const webhook = classifyCreateError(`admission webhook "policy.example" denied the request: no${PAYLOAD}`);
    expect(webhook?.cause === 'pod-security' && webhook.args.kind === 'webhook' ? webhook.args.webhook : undefined).toBe('policy.example');
    expect(classifyCreateError(`pods "x" is forbidden: violates PodSecurity "restricted${ESC}:latest": privileged`)).toBeUndefined();
  });

  it('a CNI plugin or network name stops at a control character', () => {
    const text = (type: string, net: string) => `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type="${type}" failed (add): error adding container to network "${net}": timed out`;
    const clean = classifyPodReason('event', 'FailedCreatePodSandBox', text('multus', 'vlan10'));
    expect(clean).toMatchObject({ cniType: 'multus', network: 'vlan10' });
    const hostile = classifyPodReason('event', 'FailedCreatePodSandBox', text(`multus${ESC}`, `vlan${BIDI}10`));
    expect(hostile?.class).toBe('network');
    expect(hostile?.cniType).toBeUndefined();
    expect(hostile?.network).toBeUndefined();
  });
});
