import Foundation

/// A failed expectation: what was expected, what happened instead, and where the step is written.
public struct CaseFailure: Sendable {
    public var message: String
    public var location: SourceLocation
    public var details: String

    public init(message: String, location: SourceLocation, details: String = "") {
        self.message = message
        self.location = location
        self.details = details
    }
}

public enum CaseOutcome: Sendable {
    case passed
    /// The integration behaved differently from the suite's expectation.
    case failed(CaseFailure)
    /// The case could not be judged: the adapter, the backend or the harness broke.
    case errored(message: String, details: String)
    case skipped(reason: String)

    public var isFailure: Bool {
        switch self {
        case .failed, .errored: return true
        case .passed, .skipped: return false
        }
    }
}

public struct CaseResult: Sendable {
    public var suiteId: String
    public var caseId: String
    public var title: String
    public var requirements: [String]
    public var location: SourceLocation
    public var outcome: CaseOutcome
    /// Wall seconds the case took.
    public var duration: Double
    /// Of `duration`, the seconds spent waiting for the backend (arranging, observing, tearing down).
    public var backendDuration: Double
    public var transcript: [String]

    public init(
        suiteId: String, caseId: String, title: String, requirements: [String], location: SourceLocation,
        outcome: CaseOutcome, duration: Double, backendDuration: Double = 0, transcript: [String]
    ) {
        self.backendDuration = backendDuration
        self.suiteId = suiteId
        self.caseId = caseId
        self.title = title
        self.requirements = requirements
        self.location = location
        self.outcome = outcome
        self.duration = duration
        self.transcript = transcript
    }
}

public struct SuiteResult: Sendable {
    public var suiteId: String
    public var title: String
    public var requirements: [String]
    public var started: Date
    public var duration: Double
    public var cases: [CaseResult]

    public init(suiteId: String, title: String, requirements: [String], started: Date, duration: Double, cases: [CaseResult]) {
        self.suiteId = suiteId
        self.title = title
        self.requirements = requirements
        self.started = started
        self.duration = duration
        self.cases = cases
    }
}

/// What the integration said about itself in `initialize`.
public struct IntegrationInfo: Sendable {
    public var name: String
    public var version: String
    public var sdkName: String
    public var sdkVersion: String
    public var capabilities: Set<String>

    public init(name: String, version: String, sdkName: String, sdkVersion: String, capabilities: Set<String>) {
        self.name = name
        self.version = version
        self.sdkName = sdkName
        self.sdkVersion = sdkVersion
        self.capabilities = capabilities
    }
}

public struct RunResult: Sendable {
    public var suites: [SuiteResult]
    public var integration: IntegrationInfo?
    public var backend: String
    public var harnessVersion: String
    /// Set when something outside the integration broke (the backend went away, the run was interrupted).
    public var infrastructureProblems: [String]
    public var interrupted: Bool
    /// Set when nothing could be judged (backend unreachable, adapter cannot start): exit code 2.
    public var abortReason: String?

    public init(
        suites: [SuiteResult], integration: IntegrationInfo?, backend: String, harnessVersion: String,
        infrastructureProblems: [String] = [], interrupted: Bool = false, abortReason: String? = nil
    ) {
        self.abortReason = abortReason
        self.suites = suites
        self.integration = integration
        self.backend = backend
        self.harnessVersion = harnessVersion
        self.infrastructureProblems = infrastructureProblems
        self.interrupted = interrupted
    }

    public var allCases: [CaseResult] { suites.flatMap(\.cases) }

    public var counts: (passed: Int, failed: Int, errored: Int, skipped: Int) {
        var c = (passed: 0, failed: 0, errored: 0, skipped: 0)
        for r in allCases {
            switch r.outcome {
            case .passed: c.passed += 1
            case .failed: c.failed += 1
            case .errored: c.errored += 1
            case .skipped: c.skipped += 1
            }
        }
        return c
    }
}

/// The harness's version, stamped into every report so results can be traced to the tool that judged them.
public enum HarnessVersion {
    public static let current = "0.1.0"
}
