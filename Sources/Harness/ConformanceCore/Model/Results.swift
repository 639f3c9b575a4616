import AdapterProtocol
import Foundation

/// A failed expectation: what was expected, what happened instead, and where the step is written.
public struct CaseFailure: Sendable {
    /// What was expected, in one short sentence: JUnit's `message` attribute and CI annotations show it on
    /// one line, so it never carries the list of what arrived.
    public var message: String
    /// What the integration did instead ("got instead: …"), which can be long; shown on the console and in the
    /// report's body, never squeezed into the one-line message.
    public var observed: String?
    public var location: SourceLocation
    public var details: String

    public init(message: String, observed: String? = nil, location: SourceLocation, details: String = "") {
        self.message = message
        self.observed = observed
        self.location = location
        self.details = details
    }

    /// The message with what was observed instead, as the console prints it.
    public var fullMessage: String {
        guard let observed, !observed.isEmpty else { return message }
        return "\(message); \(observed)"
    }
}

/// An outcome is held twice by every result a run keeps to its end (its verdict and, for a listed case, the listed
/// one), so the two large cases are boxed: inline they made every result over 200 bytes larger, most of a 10,000-case
/// run's passing results included (issue 30).
public enum CaseOutcome: Sendable {
    case passed
    /// The integration behaved differently from the suite's expectation.
    indirect case failed(CaseFailure)
    /// The case could not be judged: the integration, the backend or the harness broke, or the run was
    /// interrupted. `details` adds what helps to find the cause (the adapter's last stderr lines).
    indirect case errored(CaseError, details: String)
    /// The case does not apply to this integration or backend, or a known failure was accepted; `kind` says which.
    case skipped(reason: String, kind: SkipKind)

    public var isFailure: Bool {
        switch self {
        case .failed, .errored: return true
        case .passed, .skipped: return false
        }
    }

    /// What went wrong, in one sentence: a failure's expectation or an error's description (nil when nothing did).
    public var problem: String? {
        switch self {
        case .failed(let failure): return failure.message
        case .errored(let error, _): return error.description
        case .passed, .skipped: return nil
        }
    }

    /// `passed`, `failed`, `errored` or `skipped`.
    public var label: String {
        switch self {
        case .passed: return "passed"
        case .failed: return "failed"
        case .errored: return "errored"
        case .skipped: return "skipped"
        }
    }
}

/// Why a case could not be judged. Kept typed until a reporter renders it: JUnit's `<error type=…>`
/// names the kind, and only integration faults count toward the restart budget.
public enum CaseError: Error, Sendable, CustomStringConvertible {
    /// The integration broke: it exited, stopped answering, broke the protocol, or refused a request the
    /// case needs. `location` is the step that was running.
    case integration(AdapterFault, at: SourceLocation?)
    /// The integration's adapter could not even be started or initialised.
    case adapterUnusable(AdapterFault)
    /// The backend failed (unreachable, a request refused).
    case backend(BackendFault)
    /// mamconf itself failed.
    case harness(String)
    /// A signal stopped the run while the case was running.
    case interrupted(signal: Int32)
    /// The case was not run: the restart budget was exhausted, the adapter could not start, the run was
    /// interrupted before it, or the suites are invalid.
    case notRun(String)
    /// A suite or known-failures file is invalid, so nothing could be run (one per file, with its errors).
    case invalidInput(String)

    /// The JUnit `<error type>`.
    public var kind: String {
        switch self {
        case .integration: return "IntegrationError"
        case .adapterUnusable: return "AdapterUnusable"
        case .backend: return "BackendError"
        case .harness: return "HarnessError"
        case .interrupted: return "Interrupted"
        case .notRun: return "NotRun"
        case .invalidInput: return "InvalidSuite"
        }
    }

    /// Whether the integration itself broke the case (these count toward the restart budget).
    public var isIntegrationFault: Bool {
        switch self {
        case .integration, .adapterUnusable: return true
        case .backend, .harness, .interrupted, .notRun, .invalidInput: return false
        }
    }

    public var description: String {
        switch self {
        case .integration(let fault, let location):
            return fault.description + (location.map { " (at \($0.fileAndLine))" } ?? "")
        case .adapterUnusable(let fault): return fault.description
        case .backend(let fault): return fault.description
        case .harness(let why): return "harness error: \(why)"
        case .interrupted(let signal): return "interrupted by signal \(signal) while the case was running"
        case .notRun(let why): return "not run: \(why)"
        case .invalidInput(let errors): return "invalid: \(errors)"
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
    /// Wall time the case took.
    public var duration: Duration
    /// Of `duration`, the time spent waiting for the backend (arranging, observing, tearing down).
    public var backendDuration: Duration
    /// What happened, line by line (redacted); kept compact until the report is written.
    public var transcript: [String] {
        get { storedTranscript.lines }
        set { storedTranscript = CompactLines(newValue) }
    }
    private var storedTranscript: CompactLines
    /// Whether ``transcript`` is held in a ``TranscriptSpill`` rather than in memory.
    public var transcriptIsSpilled: Bool { storedTranscript.isSpilled }

    /// Moves the transcript's text to `spill` (``CompactLines/spill(to:)``): the run keeps the result until its
    /// reports are written, the transcript's text need not stay in memory till then.
    public mutating func spillTranscript(to spill: TranscriptSpill) {
        storedTranscript.spill(to: spill)
    }
    /// The adapter's last stderr lines (redacted), whatever the outcome: JUnit's `<system-err>`.
    public var stderr: [String]
    /// Every failed run of the case other than the one `outcome` reports, in order (`--rerun-failures`): for
    /// a case that passed on a rerun (flaky), all its failed runs; for one that never passed, its reruns.
    public var attempts: [CaseAttempt]
    /// The outcome before an expected-failures list judged it (the failure it was expected to show).
    public var listedOutcome: CaseOutcome?
    /// What a passing probe step saw (``AdapterProbe``), for `adapter-check`'s table; nil for every suite case,
    /// and no report writes it, so ordinary reports are unchanged.
    public var summary: String?
    /// The SDK versions the case applies to, one entry per cited requirement limited to some (``TestCase/sdkVersions``):
    /// the reports name the range that applies next to each requirement.
    public var sdkVersions: [RequirementVersions] = []

    public init(
        suiteId: String, caseId: String, title: String, requirements: [String], location: SourceLocation,
        outcome: CaseOutcome, duration: Duration, backendDuration: Duration = .zero, transcript: [String],
        stderr: [String] = [], attempts: [CaseAttempt] = []
    ) {
        self.stderr = stderr
        self.attempts = attempts
        self.backendDuration = backendDuration
        self.suiteId = suiteId
        self.caseId = caseId
        self.title = title
        self.requirements = requirements
        self.location = location
        self.outcome = outcome
        self.duration = duration
        self.storedTranscript = CompactLines(transcript)
    }
}

extension CaseResult {
    /// `suite/case`, the name the console prints and `--case` and expected-failure lists take.
    public var qualifiedName: String { "\(suiteId)/\(caseId)" }

    /// A case passed after failing runs (`--rerun-failures`).
    public var isFlaky: Bool {
        if case .passed = outcome { return !attempts.isEmpty }
        return false
    }
}

/// One failed run of a case that was run again.
public struct CaseAttempt: Sendable {
    public var outcome: CaseOutcome
    public var duration: Duration
    public var transcript: [String]
    public var stderr: [String]

    public init(outcome: CaseOutcome, duration: Duration, transcript: [String], stderr: [String]) {
        self.outcome = outcome
        self.duration = duration
        self.transcript = transcript
        self.stderr = stderr
    }
}

public struct SuiteResult: Sendable {
    public var suiteId: String
    public var title: String
    public var requirements: [String]
    public var started: Date
    public var duration: Duration
    public var cases: [CaseResult]
    /// The suite's position in the whole run and its case ids before sharding: merged shard reports use them
    /// to put suites and cases back in the order of an unsharded run.
    public var index: Int = 0
    public var plannedCases: [String] = []

    public init(suiteId: String, title: String, requirements: [String], started: Date, duration: Duration, cases: [CaseResult]) {
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
    /// Capability names as declared (unknown names are kept, for reports).
    public var capabilities: Set<String>
    /// The protocol version the integration speaks ("0" before feature-area capabilities existed).
    public var protocolVersion: String

    public init(name: String, version: String, sdkName: String, sdkVersion: String, capabilities: Set<String>, protocolVersion: String = ProtocolVersion.current.rawValue) {
        self.name = name
        self.version = version
        self.sdkName = sdkName
        self.sdkVersion = sdkVersion
        self.capabilities = capabilities
        self.protocolVersion = protocolVersion
    }

    /// The SDK version, when it parses as one.
    public var parsedSDKVersion: SDKVersion? { SDKVersion(sdkVersion) }

    /// Whether the integration offers a feature area. A protocol 0 integration could not declare the
    /// feature areas that came later, so it is taken to offer them (a `-32002` answer, or `-32601` to a method
    /// protocol 0 did not have, then skips the case).
    public func offers(_ capability: Capability) -> Bool {
        if capabilities.contains(capability.rawValue) { return true }
        return protocolVersion == ProtocolVersion.v0.rawValue && !Capability.protocol0.contains(capability)
    }

    /// Why a case cannot run against this integration, and which kind of skip that is (a missing capability,
    /// an SDK version outside the case's range), or nil.
    public func skip(for testCase: TestCase) -> (reason: String, kind: SkipKind)? {
        let missing = testCase.capabilities.filter { !offers($0) }.map(\.rawValue).sorted()
        if !missing.isEmpty {
            return ("integration lacks capability \(missing.joined(separator: ", "))", .integrationCapability)
        }
        guard let version = parsedSDKVersion else { return nil }
        for entry in testCase.sdkVersions where !entry.range.contains(version) {
            return ("\(entry.requirement) applies to \(entry.range); the integration reports SDK \(version)", .otherSDKVersion)
        }
        return nil
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
    /// Reports that could not be written (the run's verdict never reached CI): exit code 2.
    public var reportFailures: [ReportFailure] = []
    /// A digest of the suite files the run was planned from; shard reports are merged only when it agrees.
    public var suitesDigest: String?
    /// The run's fault seed, when a case drew a fault schedule from it (`--fault-seed` replays it).
    public var faultSeed: UInt64?
    /// The slice of the planned cases this run executed, if sharded.
    public var shard: Shard?

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

    public var counts: RunCounts { RunCounts(allCases) }
}

/// The harness's version, stamped into every report so results can be traced to the tool that judged them.
public enum HarnessVersion {
    public static let current = "0.1.0"
}
