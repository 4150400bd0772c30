import { describe, expect, it } from 'vitest';
import {
  causeOfReason,
  dominantCause,
  isCpuSchedulingLabel,
  parseSchedulerMessage,
} from '../../../src/analyze/why/parse/scheduler-message.js';
import {
  FIT_ERROR_FORMATS,
  SCHEDULER_REASON_PHRASES,
  categoryOfPlugin,
  emittedIn,
  type KubeMinor,
  type SchedulerReasonPhrase,
} from '../../../src/kube/scheduler-reasons.js';

const CPU_KEYS = ['kubevirt.io/schedulable', 'cpu-feature.node.kubevirt.io/abm', 'cpu-model-migration.node.kubevirt.io/EPYC-Rome'];

describe('parseSchedulerMessage', () => {
  it('k8s 1.24, kubevirt/kubevirt#7780', () => {
    const msg =
      "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
    const p = parseSchedulerMessage(msg)!;
    expect(p).toMatchObject({ available: 0, total: 3, preemption: '0/3 nodes are available: 3 Preemption is not helpful for scheduling.' });
    expect(p.reasons).toEqual([
      { count: 1, reason: "node(s) didn't match pod anti-affinity rules", kind: 'anti-affinity', phrase: 'pod-anti-affinity', category: 'anti-affinity', plugin: 'InterPodAffinity' },
      {
        count: 3,
        reason: "node(s) didn't match Pod's node affinity/selector",
        kind: 'selector',
        phrase: 'node-affinity',
        category: 'node-selector',
        plugin: 'NodeAffinity',
        selectorLabels: true,
      },
    ]);
    expect(p.preemptionReasons).toMatchObject([{ count: 3, phrase: 'preemption-not-helpful', category: 'none' }]);
    expect(p.unrecognized).toBeUndefined();
    expect(p.fragment).toBeUndefined();
  });

  it('1.25+ mixed reasons with taint and resources', () => {
    const msg =
      "0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had volume node affinity conflict. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.";
    const p = parseSchedulerMessage(msg)!;
    expect(p.total).toBe(5);
    expect(p.reasons.map((r) => [r.count, r.kind])).toEqual([
      [1, 'selector'],
      [2, 'resources'],
      [1, 'taint'],
      [1, 'anti-affinity'],
      [1, 'storage'],
    ]);
    expect(p.reasons[1]).toMatchObject({ resource: 'memory' });
    expect(p.reasons[2]).toMatchObject({ taint: { key: 'node-role.kubernetes.io/control-plane' } });
  });

  it('1.19–1.24 taint text with its inner comma', () => {
    const p = parseSchedulerMessage(
      "0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 2 node(s) didn't match node selector.",
    )!;
    expect(p.reasons).toMatchObject([
      {
        count: 1,
        reason: "node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate",
        kind: 'taint',
        taint: { key: 'node-role.kubernetes.io/master' },
        phrase: 'taint-not-tolerated',
      },
      { count: 2, reason: "node(s) didn't match node selector", kind: 'selector', phrase: 'node-selector-predicate' },
    ]);
    expect(p.reasons[0]?.taint).toEqual({ key: 'node-role.kubernetes.io/master' });
  });

  it('taint with a value; not-ready taints are their own kind', () => {
    const p = parseSchedulerMessage(
      "0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 node(s) had taint {node.kubernetes.io/not-ready: }, that the pod didn't tolerate.",
    )!;
    expect(p.reasons[0]).toMatchObject({ kind: 'taint', taint: { key: 'dedicated', value: 'gpu' } });
    expect(p.reasons[1]).toMatchObject({ kind: 'not-ready', count: 2 });
  });

  it.each([
    ["0/3 nodes are available: 3 node(s) didn't match node selector.", 'selector', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match Pod's node affinity.", 'selector', undefined],
    ['0/2 nodes are available: 2 Insufficient devices.kubevirt.io/kvm.', 'resources', 'devices.kubevirt.io/kvm'],
    ['0/2 nodes are available: 2 Insufficient hugepages-1Gi.', 'resources', 'hugepages-1Gi'],
    ['0/2 nodes are available: 2 Too many pods.', 'resources', 'pods'],
    ['0/3 nodes are available: 3 node(s) were unschedulable.', 'unschedulable', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match pod affinity rules.", 'affinity', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match pod affinity/anti-affinity.", 'anti-affinity', undefined],
    ["0/3 nodes are available: 3 node(s) didn't satisfy existing pods anti-affinity rules.", 'anti-affinity', undefined],
    ['0/7 nodes are available: 7 node(s) had volume node affinity conflict.', 'storage', undefined],
    ["0/2 nodes are available: 2 node(s) didn't have free ports for the requested pod ports.", 'ports', undefined],
    ['0/3 nodes are available: 3 node(s) were not ready.', 'not-ready', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.", 'other', undefined],
  ])('%s → %s', (msg, kind, resource) => {
    const [r] = parseSchedulerMessage(msg)!.reasons;
    expect(r?.kind).toBe(kind);
    expect(r?.resource).toBe(resource);
  });

  it('pod-level reason without a count', () => {
    const p = parseSchedulerMessage(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    )!;
    expect(p.reasons).toMatchObject([{ count: 3, reason: 'pod has unbound immediate PersistentVolumeClaims', kind: 'storage', podLevel: true, phrase: 'unbound-immediate-pvc' }]);
  });

  it('no nodes at all; not a scheduler message', () => {
    expect(parseSchedulerMessage('no nodes available to schedule pods')).toEqual({ available: 0, total: 0, reasons: [] });
    expect(parseSchedulerMessage('Successfully assigned default/x to node1')).toBeUndefined();
  });
});

describe('dominantCause', () => {
  const cause = (msg: string, keys?: string[]) => dominantCause(parseSchedulerMessage(msg)!, keys ? { nodeSelectorKeys: keys } : {});

  it('selector beats the source node excluded by the migration anti-affinity (#7780); CPU keys ⇒ cpu', () => {
    const msg =
      "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
    expect(cause(msg)).toBe('target-unschedulable-node-selector');
    expect(cause(msg, ['kubevirt.io/schedulable', 'disktype'])).toBe('target-unschedulable-node-selector');
    expect(cause(msg, CPU_KEYS)).toBe('target-unschedulable-cpu');
  });

  it('counts may exceed the total (harvester/harvester#3762)', () => {
    const msg =
      "0/13 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 13 node(s) didn't match Pod's node affinity/selector. preemption: 0/13 nodes are available: 13 Preemption is not helpful for scheduling.";
    expect(cause(msg, CPU_KEYS)).toBe('target-unschedulable-cpu');
  });

  it('resources (kubevirt/kubevirt#7779 devices)', () => {
    expect(
      cause(
        "0/2 nodes are available: 1 Insufficient devices.kubevirt.io/kvm, 1 Insufficient devices.kubevirt.io/tun, 1 node(s) didn't match pod anti-affinity rules.",
      ),
    ).toBe('target-unschedulable-resources');
  });

  it('largest count wins, ties go to the more actionable cause', () => {
    const msg =
      "0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had volume node affinity conflict. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.";
    expect(cause(msg)).toBe('target-unschedulable-resources');
    expect(cause("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had volume node affinity conflict, 1 node(s) were unschedulable.")).toBe(
      'target-unschedulable-storage',
    );
  });

  it('taints, cordons and not-ready nodes', () => {
    expect(cause("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) were unschedulable.")).toBe(
      'target-unschedulable-taints',
    );
    expect(
      cause("0/2 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }."),
    ).toBe('target-unschedulable-taints');
  });

  it('the source node excluded by anti-affinity does not count against other reasons', () => {
    expect(cause("0/3 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 1 Insufficient memory.")).toBe(
      'target-unschedulable-resources',
    );
    expect(
      dominantCause(parseSchedulerMessage("0/3 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 1 Insufficient memory.")!, {
        expectedAntiAffinity: 0,
      }),
    ).toBe('target-unschedulable-anti-affinity');
  });

  it('anti-affinity alone (single-node cluster) or beyond the source node', () => {
    expect(cause("0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.")).toBe('target-unschedulable-anti-affinity');
    expect(cause("0/4 nodes are available: 4 node(s) didn't match pod anti-affinity rules.")).toBe('target-unschedulable-anti-affinity');
    expect(cause("0/3 nodes are available: 3 node(s) didn't match pod affinity rules.")).toBe('target-unschedulable-anti-affinity');
  });

  it('pod-level unbound PVC wins outright', () => {
    expect(cause('0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.')).toBe('target-unschedulable-storage');
  });

  it('nothing mappable', () => {
    expect(cause("0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.")).toBeUndefined();
  });
});

describe('isCpuSchedulingLabel', () => {
  it.each([
    ['cpu-model.node.kubevirt.io/Skylake-Server', true],
    ['cpu-model-migration.node.kubevirt.io/EPYC-Rome', true],
    ['cpu-feature.node.kubevirt.io/avx2', true],
    ['cpu-vendor.node.kubevirt.io/AMD', true],
    ['host-model-cpu.node.kubevirt.io/EPYC-Genoa', true],
    ['host-model-required-features.node.kubevirt.io/amd-ssbd', true],
    ['scheduling.node.kubevirt.io/tsc-frequency-2599981000', true],
    ['hyperv.node.kubevirt.io/synic', true],
    ['kubevirt.io/schedulable', false],
    ['machine-type.node.kubevirt.io/q35', false],
    ['kubernetes.io/hostname', false],
  ])('%s → %s', (key, want) => {
    expect(isCpuSchedulingLabel(key)).toBe(want);
  });
});

// ---- every phrase of src/kube/scheduler-reasons.ts, in each version's own message format ----

const MINORS = ['1.25', '1.26', '1.27', '1.28', '1.29', '1.30', '1.31', '1.32', '1.33', '1.34'] as const;

/** Arguments for the Go verbs of a pattern, as a cluster would fill them. */
const SAMPLES: Record<string, string[]> = {
  'insufficient-resource': ['devices.kubevirt.io/kvm'],
  'untolerated-taint': ['node-role.kubernetes.io/control-plane', ''],
  'taint-not-tolerated': ['dedicated', 'gpu'],
  'pvc-not-found': ['"rootdisk-fedora"'],
  'pvc-being-deleted': ['"rootdisk-fedora"'],
  'pvc-bound-to-missing-pv': ['"rootdisk-fedora"', '"pvc-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"'],
  'ephemeral-pvc-not-created': ['"virt-launcher-fedora-x2bq7-scratch"'],
  'bind-volumes-timeout': ['"VolumeBinding"'],
  'bind-volumes-deadline': ['"VolumeBinding"'],
  'bind-volumes-failed': ['"VolumeBinding"', 'provisioning failed for PVC "rootdisk-fedora"'],
  'volume-zone-no-binding-mode': ['"local-path"'],
  'dra-claim-not-created': ['"gpu-claim"'],
  'dra-claim-not-created-yet': ['vms', 'virt-launcher-fedora-x2bq7'],
  'dra-claim-being-deleted': ['"gpu-claim"'],
  'dra-claim-being-allocated': ['vms/gpu-claim'],
  'dra-resource-class-missing': ['gpu.example.com'],
  'dra-device-class-missing': ['gpu', 'gpu.example.com'],
  'dra-claim-parameters-missing': ['vms/gpu-params'],
  'dra-class-parameters-missing': ['gpu-class-params'],
  'dra-structured-parameters-failed': ['no such device'],
  'dra-prioritized-list-disabled': ['vms/gpu-claim', 'gpu'],
  'dra-unknown-request-type': ['vms/gpu-claim', 'gpu'],
  'prefilter-plugins': ['[NodeAffinity VolumeBinding]'],
  'prefilter-result': ['[NodeAffinity]'],
  'prefilter-plugin': ['VolumeBinding'],
};

/** Categories the sample's plugin list implies (the table says `none`: it depends on the plugins). */
const SAMPLE_CATEGORY: Record<string, string> = { 'prefilter-result': 'node-selector', 'prefilter-plugin': 'storage' };

function sample(p: SchedulerReasonPhrase): string {
  const args = [...(SAMPLES[p.id] ?? [])];
  return p.pattern.replace(/%[qsv]/g, () => args.shift() ?? 'x');
}

/** A FitError as FitError.Error of `minor` writes it (framework/types.go), with a preemption tail. */
function fitError(minor: KubeMinor, n: number, opts: { node?: string; pod?: string; tail?: string }): string {
  const f = FIT_ERROR_FORMATS.find((x) => emittedIn(x.versions, minor))!;
  const head = f.head.replace('%v', String(n));
  // Up to 1.25 a PreFilter rejection is copied to every node and counted.
  const counted = (t: string) => f.count.replace('%v', String(n)).replace('%v', t);
  let body: string;
  if (opts.pod !== undefined && f.preFilter) body = f.preFilter.replace('%v', opts.pod);
  else body = f.filter.replace('%v', counted(opts.pod ?? opts.node ?? 'Insufficient cpu'));
  const tail = opts.tail ?? `${f.head.replace('%v', String(n))}${f.filter.replace('%v', counted('Preemption is not helpful for scheduling'))}`;
  return `${head}${body}${f.postFilter.replace('%v', `preemption: ${tail}`)}`;
}

describe('SCHEDULER_REASON_PHRASES', () => {
  it('ids are unique, version spans are ordered, every verb has a sample', () => {
    const ids = SCHEDULER_REASON_PHRASES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of SCHEDULER_REASON_PHRASES) {
      const from = Number(p.versions.from.slice(2));
      expect(from, p.id).toBeGreaterThanOrEqual(12);
      if (p.versions.to) expect(Number(p.versions.to.slice(2)), p.id).toBeGreaterThanOrEqual(from);
      if (p.pattern.includes('%')) expect(SAMPLES[p.id], p.id).toBeDefined();
    }
  });

  const current = SCHEDULER_REASON_PHRASES.filter((p) => MINORS.some((m) => emittedIn(p.versions, m)));
  const cases = current.flatMap((p) => MINORS.filter((m) => emittedIn(p.versions, m)).map((m) => [p.id, m, p] as const));

  it.each(cases)('%s in %s', (id, minor, p) => {
    const n = 4;
    const text = sample(p);
    const expected = SAMPLE_CATEGORY[id] ?? p.category;
    let msg: string;
    if (p.schedulerError) msg = text;
    else if (p.id === 'no-nodes-registered') msg = text;
    else if (p.plugin === 'DefaultPreemption') {
      const f = FIT_ERROR_FORMATS.find((x) => emittedIn(x.versions, minor))!;
      const tail = p.scope === 'pod' ? text : `${f.head.replace('%v', String(n))}${f.filter.replace('%v', `${n} ${text}`)}`;
      msg = fitError(minor, n, { tail });
    } else if (p.scope === 'pod') msg = fitError(minor, n, { pod: text });
    else msg = fitError(minor, n, { node: text });

    const parsed = parseSchedulerMessage(msg)!;
    expect(parsed, msg).toBeDefined();
    if (p.id === 'no-nodes-registered') {
      expect(parsed).toEqual({ available: 0, total: 0, reasons: [] });
      return;
    }
    expect(parsed.unrecognized, msg).toBeUndefined();
    const pool = p.plugin === 'DefaultPreemption' ? (parsed.preemptionReasons ?? []) : parsed.reasons;
    const hit = pool.find((r) => r.phrase === id);
    expect(hit, msg).toBeDefined();
    expect(hit!.category).toBe(expected);
    expect(hit!.plugin).toBe(p.plugin);
    if (p.schedulerError) expect(parsed.schedulerError).toBe(true);
    else {
      expect(parsed.total).toBe(n);
      // A pod-level preemption verdict (`preemption: not eligible …`) has no count and no head.
      if (!(p.plugin === 'DefaultPreemption' && p.scope === 'pod')) expect(hit!.count).toBe(n);
      expect(Boolean(hit!.podLevel)).toBe(p.scope === 'pod');
    }
  });

  it.each(current.filter((p) => !p.schedulerError && p.plugin !== 'DefaultPreemption' && p.id !== 'no-nodes-registered').map((p) => [p.id, p] as const))(
    '%s as a fragment, counted and alone',
    (id, p) => {
      const text = sample(p);
      const counted = parseSchedulerMessage(`7 ${text}.`)!;
      expect(counted).toMatchObject({ fragment: true, total: 7 });
      expect(counted.reasons).toMatchObject([{ count: 7, phrase: id }]);
      const alone = parseSchedulerMessage(text)!;
      expect(alone.fragment).toBe(true);
      expect(alone.reasons.map((r) => r.phrase)).toEqual([id]);
    },
  );

  it('phrases that changed between versions are told apart by version', () => {
    const changed: [string, string, KubeMinor][] = [
      ['volume-node-affinity-conflict', 'volume-node-affinity-mismatch', '1.33'],
      ['read-write-once-pod-conflict', 'read-write-once-pod-in-use', '1.34'],
      ['bind-volumes-timeout', 'bind-volumes-deadline', '1.29'],
      ['taint-not-tolerated', 'untolerated-taint', '1.24'],
      ['node-affinity-v1.20', 'node-affinity', '1.21'],
      ['dra-claim-not-created', 'dra-claim-not-created-yet', '1.28'],
      ['dra-resource-class-missing', 'dra-device-class-missing', '1.31'],
    ];
    const byId = new Map(SCHEDULER_REASON_PHRASES.map((p) => [p.id, p]));
    for (const [before, after, at] of changed) {
      const prev = `1.${Number(at.slice(2)) - 1}` as KubeMinor;
      expect(emittedIn(byId.get(before)!.versions, prev), before).toBe(true);
      expect(emittedIn(byId.get(before)!.versions, at), before).toBe(false);
      expect(emittedIn(byId.get(after)!.versions, at), after).toBe(true);
      expect(byId.get(before)!.category).toBe(byId.get(after)!.category);
    }
    expect(emittedIn(byId.get('node-unknown-conditions')!.versions, '1.28')).toBe(false);
    expect(categoryOfPlugin('NodeAffinity')).toBe('node-selector');
    expect(categoryOfPlugin('VolumeBinding')).toBe('storage');
    expect(categoryOfPlugin('PodTopologySpread')).toBe('none');
  });
});

describe('parseSchedulerMessage: messages and fragments as users post them', () => {
  it('the three joiner eras: 1.25 counts a PreFilter phrase, 1.26–1.28 end the tail with "..", 1.29+ with "."', () => {
    const v125 = parseSchedulerMessage(
      '0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    )!;
    expect(v125.reasons).toMatchObject([{ count: 3, phrase: 'unbound-immediate-pvc', podLevel: true }]);
    const v127 = parseSchedulerMessage(
      '0/3 nodes are available: 1 Insufficient memory, 2 node(s) didn\'t match pod anti-affinity rules. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..',
    )!;
    expect(v127.reasons.map((r) => [r.count, r.phrase])).toEqual([
      [1, 'insufficient-resource'],
      [2, 'pod-anti-affinity'],
    ]);
    expect(v127.preemptionReasons?.map((r) => r.phrase)).toEqual(['preemption-no-victims', 'preemption-not-helpful']);
    const v131 = parseSchedulerMessage('0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.')!;
    expect(v131.reasons).toMatchObject([{ count: 3, phrase: 'unbound-immediate-pvc', podLevel: true }]);
  });

  it('counts sort as strings: "10 …" before "2 …"', () => {
    const p = parseSchedulerMessage("0/12 nodes are available: 10 node(s) didn't match Pod's node affinity/selector, 2 Insufficient memory. preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.")!;
    expect(p.reasons.map((r) => [r.count, r.phrase])).toEqual([
      [10, 'node-affinity'],
      [2, 'insufficient-resource'],
    ]);
  });

  it('a fragment without the head: one phrase, several, with trailing punctuation', () => {
    expect(parseSchedulerMessage('7 node(s) had volume node affinity conflict.')).toMatchObject({
      fragment: true,
      total: 7,
      reasons: [{ count: 7, phrase: 'volume-node-affinity-conflict', category: 'storage' }],
    });
    const two = parseSchedulerMessage("1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match PersistentVolume's node affinity")!;
    expect(two.reasons.map((r) => r.phrase)).toEqual(['pod-anti-affinity', 'volume-node-affinity-mismatch']);
    expect(dominantCause(two)).toBe('target-unschedulable-storage');
    expect(parseSchedulerMessage('node(s) had untolerated taint {node.kubernetes.io/unschedulable: }')!.reasons).toMatchObject([
      { kind: 'unschedulable', phrase: 'untolerated-taint', taint: { key: 'node.kubernetes.io/unschedulable' } },
    ]);
  });

  it('the head after kubectl columns, the recorder\'s "(combined from similar events)" prefix', () => {
    const p = parseSchedulerMessage(
      "  Warning  FailedScheduling  3m2s (x4 over 18m)  default-scheduler  0/4 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 3 Insufficient devices.kubevirt.io/kvm.",
    )!;
    expect(p).toMatchObject({ total: 4 });
    expect(p.fragment).toBeUndefined();
    expect(p.reasons[1]).toMatchObject({ resource: 'devices.kubevirt.io/kvm', count: 3 });
    expect(parseSchedulerMessage("(combined from similar events): 0/2 nodes are available: 2 node(s) were unschedulable.")!.reasons[0]?.phrase).toBe('node-unschedulable');
  });

  it('the preemption tail alone gives N to a fragment', () => {
    const p = parseSchedulerMessage('3 Insufficient memory. preemption: 0/5 nodes are available: 5 No preemption victims found for incoming pod.')!;
    expect(p).toMatchObject({ fragment: true, total: 5, reasons: [{ count: 3, resource: 'memory' }] });
    expect(parseSchedulerMessage('preemption: not eligible due to preemptionPolicy=Never.')!.preemptionReasons?.[0]?.phrase).toBe('preemption-policy-never');
  });

  it('a line cut inside a phrase, and the event\'s " ..." truncation', () => {
    const cut = parseSchedulerMessage("0/6 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 4 node(s) had untolerated taint {node-role.kub")!;
    expect(cut.truncated).toBe(true);
    expect(cut.reasons[1]).toMatchObject({ count: 4, phrase: 'untolerated-taint', category: 'taints', truncated: true });
    expect(cut.reasons[1]?.taint).toBeUndefined();
    const dots = parseSchedulerMessage("0/6 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 4 node(s) didn't match Pod's node aff ...")!;
    expect(dots).toMatchObject({ truncated: true });
    expect(dots.reasons[1]).toMatchObject({ phrase: 'node-affinity', selectorLabels: true, truncated: true });
    // Too little left to tell which phrase it was.
    const vague = parseSchedulerMessage("0/6 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 4 node(s) didn't ...")!;
    expect(vague.unrecognized).toEqual(["node(s) didn't"]);
    // A complete message is not read as a cut one.
    expect(parseSchedulerMessage('0/2 nodes are available: 2 node(s) were unschedulable and draining.')!.unrecognized).toEqual(['node(s) were unschedulable and draining']);
  });

  it('unknown phrases stay verbatim and imply nothing; a fragment of unknown text is no scheduler message', () => {
    const p = parseSchedulerMessage("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't fit the volcano queue.")!;
    expect(p.unrecognized).toEqual(["node(s) didn't fit the volcano queue"]);
    expect(p.reasons[1]).toEqual({ count: 2, reason: "node(s) didn't fit the volcano queue", kind: 'other' });
    expect(dominantCause(p)).toBe('target-unschedulable-anti-affinity');
    expect(parseSchedulerMessage('Back-off restarting failed container compute in pod virt-launcher-x')).toBeUndefined();
  });

  it('PreBind volume binding errors (PodScheduled reason SchedulerError) are storage', () => {
    const old = parseSchedulerMessage('running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition')!;
    expect(old).toMatchObject({ schedulerError: true, reasons: [{ phrase: 'bind-volumes-timeout', podLevel: true }] });
    expect(dominantCause(old)).toBe('target-unschedulable-storage');
    const cur = parseSchedulerMessage('running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded')!;
    expect(cur.reasons[0]?.phrase).toBe('bind-volumes-deadline');
  });

  it('PreFilter results name their plugins: the plugins decide the category', () => {
    const one = parseSchedulerMessage("0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.")!;
    expect(one.reasons[0]).toMatchObject({ phrase: 'prefilter-result', plugins: ['NodeAffinity'], category: 'node-selector' });
    expect(one.reasons[0]?.selectorLabels).toBeUndefined();
    const two = parseSchedulerMessage("0/3 nodes are available: node(s) didn't satisfy plugin(s) [NodeAffinity VolumeBinding] simultaneously.")!;
    expect(two.reasons[0]).toMatchObject({ phrase: 'prefilter-plugins', plugins: ['NodeAffinity', 'VolumeBinding'], category: 'none' });
    expect(dominantCause(two)).toBeUndefined();
  });
});

describe('causes from the table', () => {
  it('only phrases about the pod\'s own selector labels become cpu', () => {
    const keys = ['cpu-model-migration.node.kubevirt.io/EPYC-Rome'];
    expect(causeOfReason(parseSchedulerMessage("3 node(s) didn't match Pod's node affinity/selector")!.reasons[0]!, true)).toBe('target-unschedulable-cpu');
    expect(dominantCause(parseSchedulerMessage("0/3 nodes are available: 3 node(s) didn't match scheduler-enforced node affinity.")!, { nodeSelectorKeys: keys })).toBe(
      'target-unschedulable-node-selector',
    );
    expect(dominantCause(parseSchedulerMessage("0/3 nodes are available: 3 node(s) didn't match the requested node name.")!, { nodeSelectorKeys: keys })).toBe(
      'target-unschedulable-node-selector',
    );
  });

  it('1.33+ volume wording, 1.34 ReadWriteOncePod wording, DRA devices, topology spread', () => {
    const cause = (m: string) => dominantCause(parseSchedulerMessage(m)!);
    expect(cause("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match PersistentVolume's node affinity.")).toBe('target-unschedulable-storage');
    expect(cause('0/3 nodes are available: 3 node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod.')).toBe(
      'target-unschedulable-storage',
    );
    expect(cause('0/3 nodes are available: 1 node(s) didn\'t match pod anti-affinity rules, 2 cannot allocate all claims.')).toBe('target-unschedulable-resources');
    expect(cause("0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints (missing required label).")).toBeUndefined();
  });
});
