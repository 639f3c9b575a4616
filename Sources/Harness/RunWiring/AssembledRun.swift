import ConformanceCore
import Foundation

/// A run wired and ready: its runner, and the driver the wiring built for it (before any wrapper), which a test
/// asks what it did.
public struct AssembledRun: Sendable {
    public let runner: Runner
    public let backend: any BackendDriver

    /// Runs the plan, then removes the run's work directory unless the run keeps its data. Takes the plan: the runner
    /// frees each case's definition once it is judged, which a copy held here would prevent.
    public func run(_ plan: consuming RunPlan) async -> RunResult {
        let result = await runner.run(consume plan)
        let configuration = runner.configuration
        if !configuration.keepData { try? FileManager.default.removeItem(atPath: configuration.workDirectory) }
        return result
    }
}
