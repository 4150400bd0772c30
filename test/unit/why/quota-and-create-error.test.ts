import { describe, expect, it } from 'vitest';
import { classifyCreateError } from '../../../src/analyze/why/parse/create-error.js';
import { parseQuotaExceeded, parseQuotaMustSpecify } from '../../../src/analyze/why/parse/quota-message.js';

const GI = 2 ** 30;

describe('parseQuotaExceeded', () => {
  it('Harvester v1.7.0 (KubeVirt 1.6.3) virt-controller log', () => {
    const text =
      'failed to create vmi migration target pod: pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-z4g94, requested: limits.memory=5682461313, used: limits.memory=5682461313, limited: limits.memory=10865341313';
    expect(parseQuotaExceeded(text)).toEqual({
      pod: 'virt-launcher-vm1-5wcz6',
      quota: 'default-z4g94',
      requested: { 'limits.memory': '5682461313' },
      used: { 'limits.memory': '5682461313' },
      limited: { 'limits.memory': '10865341313' },
      resources: [
        {
          resource: 'limits.memory',
          requested: 5682461313,
          used: 5682461313,
          limited: 10865341313,
          shortfall: 5682461313 * 2 - 10865341313,
        },
      ],
    });
  });

  it('harvester/harvester#3124: binary suffix in the limit', () => {
    const q = parseQuotaExceeded(
      'exceeded quota: default-gmp6p, requested: limits.memory=17405661185, used: limits.memory=52216983555, limited: limits.memory=64Gi',
    )!;
    expect(q.quota).toBe('default-gmp6p');
    expect(q.resources[0]?.shortfall).toBe(17405661185 + 52216983555 - 64 * GI);
  });

  it('two resources, only one short', () => {
    const q = parseQuotaExceeded(
      'Error creating pod: pods "virt-launcher-x-abcde" is forbidden: exceeded quota: mem-quota, requested: limits.memory=4737464313,requests.memory=3305109497, used: limits.memory=8Gi,requests.memory=6Gi, limited: limits.memory=10Gi,requests.memory=10Gi',
    )!;
    expect(q.pod).toBe('virt-launcher-x-abcde');
    expect(q.resources).toEqual([
      { resource: 'limits.memory', requested: 4737464313, used: 8 * GI, limited: 10 * GI, shortfall: 4737464313 - 2 * GI },
      { resource: 'requests.memory', requested: 3305109497, used: 6 * GI, limited: 10 * GI, shortfall: 3305109497 - 4 * GI },
    ]);
    expect(q.resources[0]!.shortfall).toBeGreaterThan(0);
    expect(q.resources[1]!.shortfall).toBeLessThan(0);
  });

  it('cpu quantities', () => {
    const q = parseQuotaExceeded('exceeded quota: cpu-quota, requested: requests.cpu=500m, used: requests.cpu=3800m, limited: requests.cpu=4')!;
    expect(q.resources[0]?.shortfall).toBeCloseTo(0.3, 9);
  });

  it('absent', () => {
    expect(parseQuotaExceeded('pods "x" is forbidden: something else')).toBeUndefined();
  });
});

describe('parseQuotaMustSpecify', () => {
  it('older apiserver: comma list', () => {
    expect(parseQuotaMustSpecify('pods "virt-launcher-x-abcde" is forbidden: failed quota: mem-quota: must specify limits.memory,requests.memory')).toEqual({
      pod: 'virt-launcher-x-abcde',
      quota: 'mem-quota',
      missing: ['limits.memory', 'requests.memory'],
    });
  });
  it('newer apiserver: per container', () => {
    expect(
      parseQuotaMustSpecify(
        'pods "whoami-5c774c77f7-smmcp" is forbidden: failed quota: tmc.cgp.tee-shirt-small: must specify limits.memory for: nginx; requests.memory for: nginx',
      ),
    ).toEqual({
      pod: 'whoami-5c774c77f7-smmcp',
      quota: 'tmc.cgp.tee-shirt-small',
      missing: ['limits.memory', 'requests.memory'],
      containers: { 'limits.memory': ['nginx'], 'requests.memory': ['nginx'] },
    });
  });
});

describe('classifyCreateError', () => {
  const cases: { name: string; text: string; cause: string; args: Record<string, unknown> }[] = [
    {
      name: 'quota exceeded',
      text: 'pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-z4g94, requested: limits.memory=5682461313, used: limits.memory=5682461313, limited: limits.memory=10865341313',
      cause: 'quota-exceeded',
      args: { kind: 'exceeded', quota: 'default-z4g94' },
    },
    {
      name: 'quota must specify',
      text: 'pods "virt-launcher-x-abcde" is forbidden: failed quota: mem-quota: must specify limits.memory,requests.memory',
      cause: 'quota-exceeded',
      args: { kind: 'must-specify', quota: 'mem-quota', missing: ['limits.memory', 'requests.memory'] },
    },
    {
      name: 'Pod Security admission',
      text: 'pods "virt-launcher-x-abcde" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "compute" must set securityContext.allowPrivilegeEscalation=false)',
      cause: 'pod-security',
      args: { kind: 'pod-security', level: 'restricted', version: 'latest' },
    },
    {
      name: "KubeVirt's privileged-namespace wrapper (facts §3.2)",
      text: 'failed to create target pod for vmi ns/vm1, it needs a privileged namespace to run: pods "virt-launcher-vm1-abcde" is forbidden: violates PodSecurity "baseline:latest": privileged',
      cause: 'pod-security',
      args: { kind: 'privileged-namespace' },
    },
    {
      name: 'OpenShift SCC',
      text: 'pods "virt-launcher-vm1-abcde" is forbidden: unable to validate against any security context constraint: [provider "anyuid": Forbidden: not usable by user or serviceaccount]',
      cause: 'pod-security',
      args: { kind: 'scc' },
    },
    {
      name: 'LimitRange',
      text: 'pods "virt-launcher-vm1-abcde" is forbidden: maximum memory usage per Container is 8Gi, but limit is 10Gi',
      cause: 'pod-security',
      args: { kind: 'limit-range', detail: 'maximum memory usage per Container is 8Gi, but limit is 10Gi' },
    },
    {
      name: 'third-party webhook',
      text: 'admission webhook "validate.kyverno.svc-fail" denied the request: policy Pod/ns/virt-launcher-vm1-abcde blocked',
      cause: 'pod-security',
      args: { kind: 'webhook', webhook: 'validate.kyverno.svc-fail', message: 'policy Pod/ns/virt-launcher-vm1-abcde blocked' },
    },
    {
      name: 'KubeVirt in-flight webhook (facts §9)',
      text: 'admission webhook "migration-create-validator.kubevirt.io" denied the request: in-flight migration detected. Active migration job (0b0d3d7e-6f4b-4c5f-9a55-3b0f2e0f4d1a) is currently already in progress for VMI vm1.',
      cause: 'migration-conflict',
      args: { activeMigrationUid: '0b0d3d7e-6f4b-4c5f-9a55-3b0f2e0f4d1a', vmi: 'vm1' },
    },
    {
      name: 'KubeVirt not-migratable webhook (facts §2)',
      text: 'admission webhook "migration-create-validator.kubevirt.io" denied the request: Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: cannot migrate VMI: PVC data is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)',
      cause: 'not-live-migratable',
      args: { reason: 'DisksNotLiveMigratable' },
    },
  ];
  it.each(cases)('$name', ({ text, cause, args }) => {
    const got = classifyCreateError(text);
    expect(got?.cause).toBe(cause);
    expect(got?.args).toMatchObject(args);
  });

  it('unknown errors stay unclassified', () => {
    expect(classifyCreateError('Internal error occurred: context deadline exceeded')).toBeUndefined();
  });
});
