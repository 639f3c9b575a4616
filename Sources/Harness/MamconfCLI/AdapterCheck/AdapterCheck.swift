import AdapterProtocol
import ConformanceCore
import Foundation

/// The first thing a vendor runs: does the bridge speak the protocol? The handshake (and what its protocol version
/// means), the error codes, a first policy with its delegate question, large and non-ASCII messages, `sync`, every
/// event line, a probe of every method a case may send it, `reset` and `shutdown`.
///
/// Each row is an ordinary case of a bundled suite, built here in code (the check works without a `Suites/`
/// folder), run through the normal runner: a fresh integration per row, so one fault fails one row, and every row
/// has its result, its transcript and its JUnit testcase. Rows the suite format can express are plain steps (the
/// raw-message step for the malformed requests); the rest are probes (``CheckProbe``).
enum AdapterCheck {
    /// The bundled suite's id, and the JUnit test suite of its rows.
    static let suiteID = "adapter-check"

    /// One line of the result table.
    struct Row: Sendable {
        var name: String
        var checks: String
        var passed: Bool
        var detail: String
    }

    /// Every row, in the order they run.
    static let rows: [(name: String, checks: String)] = CheckRow.allCases.map { ($0.rawValue, $0.checks) }

    /// The method no protocol version defines, for the `unknown-method` row.
    static let undefinedMethod = "adapterCheck.noSuchMethod"

    /// The bundled suite: one case per row, against `tenant` with `policies` (its first user signs in).
    static func suite(tenant: TenantFixture, policies: [PolicyFixture]) -> Suite {
        let cases = CheckRow.allCases.enumerated().map { index, row in
            let location = SourceLocation(file: suiteID, line: index + 1, column: 1)
            let steps = self.steps(of: row, user: tenant.users.first).map { Step(kind: $0, location: location) }
            // The reset row's tenant assigns no policy: a policy arriving (and the app restarting for it) while reset
            // empties the app's storage would race with it, and the row judges reset, not the first policy.
            return TestCase(
                id: row.rawValue, title: row.checks, requirements: [], tenant: tenant, policies: row == .reset ? [] : policies, settings: [:],
                capabilities: [], steps: steps, location: location,
                // The check judges the protocol, not the SDK's behaviour: the run-wide guards are the suites' concern.
                guards: CaseGuards(wipe: false, promptLimit: nil))
        }
        return Suite(id: suiteID, title: "adapter-check: does the adapter speak the protocol?", requirements: [], cases: cases,
                     location: SourceLocation(file: suiteID, line: 1, column: 1))
    }

    /// The steps of one row: a raw-message step for the malformed requests, a probe for the rest, after a sign-in
    /// for the rows that need an account (and its first policy) at work.
    static func steps(of row: CheckRow, user: UserFixture?) -> [StepKind] {
        func probe(_ kind: CheckProbe.Kind) -> StepKind { .probe(CheckProbe(kind: kind)) }
        func signedIn(_ judge: (UserFixture) -> CheckProbe.Kind) -> [StepKind] {
            guard let user else { return [probe(.cannotCheck("the tenant fixture has no user to sign in"))] }
            return AdapterCheck.signedIn(user) + [probe(judge(user))]
        }
        let large = String(repeating: "x", count: (1 << 20) - 1024)
        let unicodeName = "Grüße 日本 🎉.txt"
        switch row {
        case .handshake: return [probe(.handshake)]
        case .capabilities: return [probe(.capabilities)]
        case .unknownMethod: return [.sendRaw(.undefined(undefinedMethod), params: [:], expectedError: .methodNotFound)]
        case .badParams: return [.sendRaw(.defined(.sdkRegisterAndEnroll), params: ["accountId": 42], expectedError: .invalidParams)]
        case .sync: return signedIn { .sync($0) }
        case .delegateQuestion: return signedIn { _ in .delegateQuestion }
        case .largeMessage:
            return signedIn { .roundTrip($0, name: "large.txt", content: large, what: "a \(large.utf8.count)-byte content was stored and listed") }
        case .nonASCII:
            return signedIn { .roundTrip($0, name: unicodeName, content: "Ünïcödé ✓", what: "the file \"\(unicodeName)\" was stored and listed under that exact name") }
        case .notifications: return signedIn { _ in .notifications }
        case .methods: return signedIn { _ in .methods }
        case .reset: return signedIn { .reset($0) }
        case .shutdown: return [probe(.shutdown)]
        }
    }

    /// The app launched with `user` signed in; the first policy's questions answered as a vendor's app would.
    static func signedIn(_ user: UserFixture) -> [StepKind] {
        [
            .answer(question: .restartApplication, with: JSONValue(encoding: ReturnAnswer(return: true)), times: nil),
            .answer(question: .pinSetup, with: JSONValue(encoding: PinAnswer(pin: "2580")), times: nil),
            .answer(question: .pinEntry, with: JSONValue(encoding: PinAnswer(pin: "2580")), times: nil),
            .answer(question: .restartDialog, with: [:], times: nil),
            .action(method: .appLaunch, params: [:], result: nil),
            .action(method: .appSignIn, params: JSONValue(encoding: SignInParams(upn: UPN(user.upn), password: user.password)), result: nil),
        ]
    }

    /// The table's rows, read off the bundled suite's results in their order.
    static func rows(of results: [CaseResult]) -> [Row] {
        results.map { result in
            let checks = rows.first { $0.name == result.caseId }?.checks ?? result.title
            switch result.outcome {
            case .passed: return Row(name: result.caseId, checks: checks, passed: true, detail: result.summary ?? "passed")
            case .failed(let failure): return Row(name: result.caseId, checks: checks, passed: false, detail: failure.fullMessage)
            case .errored(let error, _): return Row(name: result.caseId, checks: checks, passed: false, detail: error.description)
            case .skipped(let reason, _): return Row(name: result.caseId, checks: checks, passed: true, detail: "skipped: \(reason)")
            }
        }
    }
}
