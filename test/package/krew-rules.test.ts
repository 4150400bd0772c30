// The krew validator itself: valid manifests pass, and each rule catches what it should, so a
// green manifest test means something.
import { describe, expect, it } from 'vitest';
import { matchedPairs, validateManifest, type KrewManifest } from './krew-rules.js';

const SHA = 'a'.repeat(64);
function manifest(patch: (m: Required<KrewManifest>) => void = () => {}): KrewManifest {
  const m = {
    apiVersion: 'krew.googlecontainertools.github.com/v1alpha2',
    kind: 'Plugin',
    metadata: { name: 'vmigrate' },
    spec: {
      version: 'v0.1.0',
      homepage: 'https://example.org',
      shortDescription: 'Explain stuck KubeVirt live migrations',
      description: 'Line one.\nLine two.\n',
      platforms: [
        { selector: { matchLabels: { os: 'linux', arch: 'amd64' } }, uri: 'https://x/a.tar.gz', sha256: SHA, bin: 'kubectl-vmigrate' },
        {
          selector: { matchExpressions: [{ key: 'os', operator: 'In', values: ['linux'] }, { key: 'arch', operator: 'NotIn', values: ['amd64'] }] },
          uri: 'https://x/b.tar.gz',
          sha256: SHA,
          bin: 'bin/kubectl-vmigrate',
        },
        { selector: { matchLabels: { os: 'darwin' } }, uri: 'https://x/b.tar.gz', sha256: SHA, bin: 'bin/kubectl-vmigrate' },
      ],
    },
  } as Required<KrewManifest>;
  patch(m);
  return m;
}
const platform = (m: Required<KrewManifest>, i: number) => m.spec.platforms![i]!;

describe('krew validation rules', () => {
  it('accept a valid manifest', () => {
    expect(validateManifest(manifest(), 'vmigrate.yaml')).toEqual([]);
  });

  it('evaluate selectors like Kubernetes (In, NotIn, matchLabels)', () => {
    expect(matchedPairs({ matchLabels: { os: 'darwin' } })).toEqual(['darwin/386', 'darwin/amd64', 'darwin/arm64']);
    expect(matchedPairs({ matchExpressions: [{ key: 'os', operator: 'In', values: ['linux'] }, { key: 'arch', operator: 'NotIn', values: ['amd64'] }] })).toEqual([
      'linux/386',
      'linux/arm',
      'linux/arm64',
      'linux/ppc64le',
    ]);
  });

  const cases: [string, (m: Required<KrewManifest>) => void, RegExp, string?][] = [
    ['apiVersion', (m) => (m.apiVersion = 'krew.googlecontainertools.github.com/v1alpha1'), /apiVersion/],
    ['kind', (m) => (m.kind = 'Plugins'), /kind/],
    ['name ≠ file name', () => {}, /file name/, 'other.yaml'],
    ['name characters', (m) => (m.metadata = { name: 'v migrate' }), /must match/, 'v migrate.yaml'],
    ['Windows reserved name', (m) => (m.metadata = { name: 'con' }), /reserved/, 'con.yaml'],
    ['no shortDescription', (m) => (m.spec.shortDescription = ''), /shortDescription is required/],
    ['multi-line shortDescription', (m) => (m.spec.shortDescription = 'a\nb'), /one line/],
    ['shortDescription > 50', (m) => (m.spec.shortDescription = 'x'.repeat(51)), /at most 50/],
    ['description line > 80', (m) => (m.spec.description = 'y'.repeat(81)), /wrap at 80/],
    ['version without v', (m) => (m.spec.version = '0.1.0'), /semver/],
    ['version not semver', (m) => (m.spec.version = 'v1.2'), /semver/],
    ['no platforms', (m) => (m.spec.platforms = []), /must not be empty/],
    ['no uri', (m) => delete platform(m, 0).uri, /uri is required/],
    ['uppercase sha256', (m) => (platform(m, 0).sha256 = 'A'.repeat(64)), /lowercase/],
    ['short sha256', (m) => (platform(m, 0).sha256 = 'a'.repeat(63)), /64 lowercase/],
    ['no bin', (m) => (platform(m, 0).bin = ''), /bin is required/],
    ['empty files', (m) => (platform(m, 0).files = []), /must not be empty/],
    ['files without to', (m) => (platform(m, 0).files = [{ from: '*' }]), /from and to/],
    ['no selector', (m) => (platform(m, 0).selector = null), /selector is required/],
    ['empty selector', (m) => (platform(m, 0).selector = {}), /selector is empty/],
    ['empty matchLabels', (m) => (platform(m, 0).selector = { matchLabels: {} }), /matchLabels is present but empty/],
    ['selector key', (m) => (platform(m, 0).selector = { matchLabels: { os: 'linux', arch: 'amd64', distro: 'debian' } }), /only os and arch/],
    ['selector matches nothing', (m) => (platform(m, 0).selector = { matchLabels: { os: 'plan9' } }), /matches no supported/],
    ['overlap', (m) => (platform(m, 2).selector = { matchExpressions: [{ key: 'os', operator: 'In', values: ['darwin', 'linux'] }] }), /overlaps platform 1 on linux\/amd64/],
  ];
  for (const [what, patch, message, file] of cases) {
    it(`reject: ${what}`, () => {
      expect(validateManifest(manifest(patch), file ?? 'vmigrate.yaml').join('\n')).toMatch(message);
    });
  }
});
