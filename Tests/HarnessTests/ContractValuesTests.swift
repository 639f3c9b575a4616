import AdapterProtocol
import ConformanceCore
import Foundation
import Testing

/// The contract states everything the cases check: a value a case sends or expects that an integration must
/// know beforehand (an app ID, a file name the app makes, a URL scheme the device has, a log line) is written in
/// `docs/adapter-protocol.md`, literally or by the template it follows (`opened-from-<location>.txt`). A vendor
/// reading only the contract can pass every case.
@Suite struct ContractValuesTests {
    enum Kind: String, Sendable {
        case appID = "app ID"
        case fileName = "file name the integration makes"
        case urlScheme = "URL scheme"
        case logLine = "log line"
    }

    struct Value: Hashable, Sendable, CustomStringConvertible {
        var kind: Kind
        var text: String
        var description: String { "\(kind.rawValue) \"\(text)\"" }
    }

    static var appID: Regex<AnyRegexOutput> { try! Regex(#"[a-z][a-z0-9]*(\.[A-Za-z0-9-]+){2,}"#) }
    static var fileName: Regex<AnyRegexOutput> { try! Regex(#"[^\s/@]+\.[A-Za-z0-9]{1,5}"#) }
    static var urlScheme: Regex<AnyRegexOutput> { try! Regex(#"([a-z][a-z0-9+.-]*)://.*"#) }

    /// Every string inside a JSON value.
    static func strings(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(strings)
        case .object(let members): return members.values.flatMap(strings)
        default: return []
        }
    }

    static func strings(_ expected: Expected) -> [String] {
        switch expected {
        case .literal(let value): return strings(value)
        case .array(let items), .ordered(let items): return items.flatMap(strings)
        case .object(let members): return members.values.flatMap(strings)
        case .present, .absent: return []
        }
    }

    /// The values `testCase` relies on that the integration must know from the contract: the app IDs and URL
    /// schemes it sends or expects, the file names it expects without having sent them (the integration makes
    /// those), and the log lines it expects.
    static func contractValues(of testCase: TestCase) -> Set<Value> {
        var sent: [String] = []
        var expected: [String] = []
        var logs: [String] = []
        func take(_ pattern: EventPattern) {
            if case .log(let text) = pattern.selector { logs.append(text) }
            expected += pattern.fields.values.flatMap(strings)
        }
        for step in testCase.steps {
            switch step.kind {
            case .action(_, let params, let result):
                sent += strings(params)
                expected += result.map(strings) ?? []
            case .check(_, let params, let wanted):
                sent += strings(params)
                expected += strings(wanted)
            case .answer(_, let answer, _): sent += strings(answer)
            case .sendRaw(_, let params, _): sent += strings(params)
            case .probe: break
            case .expect(let pattern, _): take(pattern)
            case .expectOrder(let stages): stages.joined().forEach(take)
            // What must not appear is the case's own value (a scrubbed secret), not one the integration knows.
            case .expectNo, .checkBackend, .backend, .advanceClock: break
            }
        }
        var values: Set<Value> = []
        for text in sent + expected {
            if (try? appID.wholeMatch(in: text)) != nil { values.insert(Value(kind: .appID, text: text)) }
            if let match = try? urlScheme.wholeMatch(in: text), let scheme = match.output[1].substring {
                values.insert(Value(kind: .urlScheme, text: String(scheme)))
            }
        }
        for text in Set(expected).subtracting(sent) where (try? fileName.wholeMatch(in: text)) != nil
            && (try? appID.wholeMatch(in: text)) == nil {
            values.insert(Value(kind: .fileName, text: text))
        }
        for text in logs { values.insert(Value(kind: .logLine, text: text)) }
        return values
    }

    /// The page's code spans with a `<placeholder>` in them, as patterns: `opened-from-<location>.txt` stands for
    /// every file name of that shape.
    static func templates(in page: String) -> [Regex<AnyRegexOutput>] {
        page.matches(of: try! Regex("`([^`\n]*<[A-Za-z-]+>[^`\n]*)`")).compactMap { match in
            guard let span = match.output[1].substring else { return nil }
            let pieces = String(span).split(separator: try! Regex("<[A-Za-z-]+>"), omittingEmptySubsequences: false)
            return try? Regex(pieces.map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: #"\S+"#))
        }
    }

    /// Whether the contract states `value`.
    static func stated(_ value: Value, in page: String, templates: [Regex<AnyRegexOutput>]) -> Bool {
        switch value.kind {
        case .urlScheme: return page.contains("`\(value.text)`")
        case .appID, .fileName, .logLine:
            return page.contains("`\(value.text)`") || page.contains(value.text)
                || templates.contains { (try? $0.wholeMatch(in: value.text)) != nil }
        }
    }

    static func page() throws -> String { try DocumentationTests.page("adapter-protocol.md") }

    @Test func everyAppIDFileNameURLSchemeAndLogLineACaseReliesOnIsInTheContract() throws {
        let page = try Self.page()
        let templates = Self.templates(in: page)
        var relied: [Value: [String]] = [:]
        for suite in try EndToEnd.loadSuites() {
            for testCase in suite.cases {
                for value in Self.contractValues(of: testCase) { relied[value, default: []].append("\(suite.id)/\(testCase.id)") }
            }
        }
        // The scan sees what the cases rely on: the share sheet's app IDs, a file the app names itself, the
        // schemes of the links it opens. (No default case expects a log line, which no source words; were one to,
        // the scan would demand its text of the contract too.)
        for kind in [Kind.appID, .fileName, .urlScheme] {
            #expect(relied.keys.contains { $0.kind == kind }, "no \(kind.rawValue) found in the suites: the scan is broken")
        }
        let missing = relied.filter { !Self.stated($0.key, in: page, templates: templates) }
        for (value, cases) in missing.sorted(by: { $0.key.text < $1.key.text }) {
            Issue.record("docs/adapter-protocol.md does not state the \(value), which \(cases.sorted().joined(separator: ", ")) relies on")
        }
    }

    @Test(arguments: [
        Value(kind: .appID, text: "com.example.NotInstalled"),
        Value(kind: .fileName, text: "made-up-by-the-integration.txt"),
        Value(kind: .urlScheme, text: "gopher"),
        Value(kind: .logLine, text: "a line no integration was told to log"),
    ])
    func aValueTheContractDoesNotStateIsFound(_ value: Value) throws {
        let page = try Self.page()
        #expect(!Self.stated(value, in: page, templates: Self.templates(in: page)))
    }
}
