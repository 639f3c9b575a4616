/// How a stdio adapter's process is started for each case.
public enum AdapterLaunch: String, Sendable, CaseIterable {
    /// The adapter's program is started afresh (fork and exec) for every case: works with any program.
    case exec
    /// The program is started once per run with `--fork-server` and forks a fresh process for each case from a
    /// warm start (``ForkServer``): for an adapter that implements that side (the bundled reference does). Each case
    /// still has a process, pipes, data directory and process group of its own.
    case forkServer = "fork-server"
}
