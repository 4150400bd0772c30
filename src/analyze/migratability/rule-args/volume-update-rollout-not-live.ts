// The args of the volume-update-rollout-not-live rule's findings (rules/volume-update-rollout-not-live.ts), for render/migratability-text.ts. Types only.

export interface VolumeUpdateRolloutNotLiveArgs {
  /** The KubeVirt CR's spec.configuration.vmRolloutStrategy, null when unset. */
  rollout: string | null;
  /** v1.3–v1.4: LiveUpdate also needs the Alpha gate VMLiveUpdateFeatures, which the CR does not list. */
  gateMissing: string | null;
}
