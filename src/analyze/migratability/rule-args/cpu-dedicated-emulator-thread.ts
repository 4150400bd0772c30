// The args of the cpu-dedicated-emulator-thread rule's findings (rules/cpu-dedicated-emulator-thread.ts), for render/migratability-text.ts. Types only.

/** Nothing to name: dedicated CPUs with an isolated emulator thread. */
export type CpuDedicatedEmulatorThreadArgs = Record<string, never>;
