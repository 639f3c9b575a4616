import Foundation
import JUnitXML

/// Documents with every kind of case (flaky passes, reruns, file and line) and what a reader gets back.
extension JUnitFixtures {
    /// Passing, failing, erroring and skipped cases, a flaky pass with a failure and an error attempt (in that
    /// order, which the schema's element order keeps), a rerun failure that never passed, and sources.
    static func everyKind(name: String = "mamconf") -> JUnitDocument {
        let flaky = JUnitCase(
            classname: "policy.wipe", name: "REQ-5 flaky", time: 1.5, outcome: .passed, systemOut: "third try\n",
            file: "Suites/wipe.yaml", line: 42,
            attempts: [
                JUnitAttempt(kind: .failure, message: "first try timed out", type: "ExpectationFailed", details: "trace 1",
                             systemOut: "try 1 out", systemErr: "try 1 err"),
                JUnitAttempt(kind: .error, message: "adapter died", type: "adapter", details: "trace 2"),
            ])
        let rerun = JUnitCase(
            classname: "policy.wipe", name: "REQ-6 always fails", time: 0.75,
            outcome: .failure(message: "still wrong", type: "ExpectationFailed", details: "final trace"),
            file: "Suites/wipe.yaml", line: 57,
            attempts: [JUnitAttempt(kind: .failure, message: "wrong", type: "ExpectationFailed", details: "trace 1", systemErr: "")])
        let erroredRerun = JUnitCase(
            classname: "policy.pin", name: "PIN-2 errors twice", time: 0.125,
            outcome: .error(message: "backend down", type: "backend", details: "503"),
            attempts: [JUnitAttempt(kind: .error, message: "backend down", type: "backend", details: "502")])
        return JUnitDocument(name: name, suites: [
            JUnitSuite(name: "policy.wipe", timestamp: timestamp, time: 3.5,
                       properties: [JUnitProperty(name: "seed", value: "42"), JUnitProperty(name: JUnitRunProperty.cases, value: "REQ-1,REQ-2")],
                       cases: [
                           JUnitCase(classname: "policy.wipe", name: "REQ-1 passes", time: 0.5, systemOut: "line 1\nline 2",
                                     file: "Suites/wipe.yaml", line: 3),
                           JUnitCase(classname: "policy.wipe", name: "REQ-2 fails", time: 0.25,
                                     outcome: .failure(message: "expected wipe", type: "ExpectationFailed", details: "details"),
                                     systemOut: "out ends with CR\r", systemErr: "err"),
                           JUnitCase(classname: "policy.wipe", name: "REQ-3 errors",
                                     outcome: .error(message: "adapter died", type: "adapter", details: "exit 9")),
                           JUnitCase(classname: "policy.wipe", name: "REQ-4 skipped", outcome: .skipped(message: "needs a clock")),
                           flaky,
                           rerun,
                       ]),
            JUnitSuite(name: "policy.pin", timestamp: timestamp.addingTimeInterval(60), time: 0.125,
                       cases: [erroredRerun, JUnitCase(classname: "policy.pin", name: "PIN-1 empty output", systemOut: "", systemErr: "")]),
        ])
    }

    /// `document` as ``JUnitReader`` reads it back after ``JUnitWriter`` wrote it in `dialect`: text sanitised,
    /// times with three decimals, whole-second timestamps, and what the dialect cannot carry left out.
    static func asRead(_ document: JUnitDocument, dialect: JUnitDialect, directory: Bool = false) -> JUnitDocument {
        func text(_ value: String) -> String { JUnitWriter.sanitize(value) }
        func seconds(_ value: Double) -> Double { value.isFinite && value > 0 ? (value * 1000).rounded() / 1000 : 0 }
        func antName(_ value: String) -> String { value.allSatisfy(\.isWhitespace) ? "unnamed" : value }
        func outcome(_ value: JUnitOutcome) -> JUnitOutcome {
            switch value {
            case .passed: .passed
            case let .failure(message, type, details): .failure(message: text(message), type: text(type), details: text(details))
            case let .error(message, type, details): .error(message: text(message), type: text(type), details: text(details))
            case let .skipped(message): .skipped(message: text(message))
            }
        }
        var result = document
        if dialect == .ant && !directory {
            // One <testsuite> named after the document: every case, the summed time, the earliest timestamp and
            // the properties all suites share.
            let first = document.suites.first?.properties ?? []
            let shared = first.enumerated().filter { offset, property in
                !first[..<offset].contains { $0.name == property.name }
                    && document.suites.allSatisfy { suite in suite.properties.first { $0.name == property.name }?.value == property.value }
            }.map(\.element)
            result.suites = [JUnitSuite(name: document.name, timestamp: document.suites.map(\.timestamp).min() ?? Date(timeIntervalSince1970: 0),
                                        time: document.suites.reduce(0) { $0 + $1.time }, properties: shared,
                                        cases: document.suites.flatMap(\.cases))]
        }
        result.name = dialect == .ant || directory ? "" : text(document.name)
        for s in result.suites.indices {
            var suite = result.suites[s]
            suite.name = dialect == .ant ? antName(text(suite.name)) : text(suite.name)
            suite.time = seconds(suite.time)
            suite.timestamp = Date(timeIntervalSince1970: suite.timestamp.timeIntervalSince1970.rounded(.down))
            suite.properties = suite.properties.map {
                JUnitProperty(name: dialect == .ant ? antName(text($0.name)) : text($0.name), value: text($0.value))
            }
            for c in suite.cases.indices {
                var testCase = suite.cases[c]
                testCase.classname = text(testCase.classname)
                testCase.name = text(testCase.name)
                testCase.time = seconds(testCase.time)
                testCase.outcome = outcome(testCase.outcome)
                testCase.systemOut = testCase.systemOut.map(text)
                testCase.systemErr = testCase.systemErr.map(text)
                if dialect != .github {
                    testCase.file = nil
                    testCase.line = nil
                }
                testCase.file = testCase.file.map(text)
                // The schema's element order puts every failure attempt before every error attempt.
                let attempts = dialect == .ant ? [] : testCase.attempts.filter { $0.kind == .failure } + testCase.attempts.filter { $0.kind == .error }
                testCase.attempts = attempts.map {
                    JUnitAttempt(kind: $0.kind, message: text($0.message), type: text($0.type), details: text($0.details),
                                 systemOut: $0.systemOut.map(text), systemErr: $0.systemErr.map(text))
                }
                suite.cases[c] = testCase
            }
            result.suites[s] = suite
        }
        return result
    }
}
