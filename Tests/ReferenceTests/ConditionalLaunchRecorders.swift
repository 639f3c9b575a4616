import Foundation
import Locking
@testable import ReferenceSDK

/// The lifecycle's steps the launch gates link to, recorded instead of run, so a gate's or the launch's test watches
/// only the flow it tests: which wipes, check-ins and lifecycle steps it asked for, in order.
final class ConditionalLaunchRecorder: ConditionalLaunchWipes, OfflineCheckIns, LaunchLifecycle {
    /// What was asked, in order.
    let steps = Locked<[String]>([])
    /// Whether a recorded check-in reaches the service; it notes the check-in through `record` as the real one does.
    let checkInAnswered: Bool
    let record: (@Sendable (Bool) -> Void)?
    /// The conditional wipe still noted, for `finishConditionalWipe`.
    let notedWipe: String?

    init(checkInAnswered: Bool = true, notedWipe: String? = nil, record: (@Sendable (Bool) -> Void)? = nil) {
        self.checkInAnswered = checkInAnswered
        self.notedWipe = notedWipe
        self.record = record
    }

    var asked: [String] { steps.read { $0 } }

    private func note(_ step: String) { steps.withLock { $0.append(step) } }

    func conditionalWipe(of accountId: String, reason: String) { note("wipe \(accountId)") }

    func finishConditionalWipe(of accountId: String) -> Bool {
        guard notedWipe == accountId else { return false }
        note("finish wipe \(accountId)")
        return true
    }

    func checkInNow(holdingFailure: Bool) -> CheckInFlow.HeldFailure? {
        note("check in")
        record?(checkInAnswered)
        guard !checkInAnswered else { return nil }
        return CheckInFlow.HeldFailure(accountId: "alice-id", failure: StatusFailure(.policyEndPointNetworkFailure, "offline"))
    }

    func report(_ held: CheckInFlow.HeldFailure?) { note(held == nil ? "report nothing" : "report failure") }

    func carryOverFromPreviousBuild() { note("carry over") }

    func requestRestart() { note("restart") }

    func resumeTimers() { note("resume timers") }

    /// A link to this recorder as `Target`.
    func link<Target: Sendable>(as target: Target.Type) -> SDKFlowLink<Target> {
        let link = SDKFlowLink<Target>()
        link.bind { [self] in self as? Target }
        return link
    }
}

/// A policy as the state holds it, from `settings` (the Graph policy's fields).
func heldPolicy(_ settings: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys]), as: UTF8.self)
}
