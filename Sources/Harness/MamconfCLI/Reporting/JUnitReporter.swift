import ConformanceCore
import Foundation
import JUnitXML

/// Writes the run as JUnit XML, atomically, so CI always finds either the previous complete report or
/// the new one, never a half-written file.
public struct JUnitReporter: Reporter {
    public let path: String
    let redactor: Redactor

    public init(path: String, redactor: Redactor) {
        self.path = path
        self.redactor = redactor
    }

    public func caseFinished(_ result: CaseResult) async {}

    public func runFinished(_ result: RunResult) async throws {
        if path.isEmpty { try JUnitWriter.checkWritable(path) }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try JUnitWriter.write(document(for: result), to: URL(fileURLWithPath: path))
    }

    /// The JUnit document for a run. Public so tests can validate exactly what is written.
    public func document(for result: RunResult) -> JUnitDocument {
        var suites: [JUnitSuite] = []
        for suite in result.suites {
            // One property with every ID: repeated property names crash some readers (xunitparser) and keep only
            // the last value in others (Ant, Jenkins).
            var properties = [JUnitProperty(name: "requirements", value: suite.requirements.joined(separator: ","))]
            if let integration = result.integration {
                properties.append(JUnitProperty(name: "integration", value: integration.name))
                properties.append(JUnitProperty(name: "integration.version", value: integration.version))
                properties.append(JUnitProperty(name: "sdk", value: integration.sdkName))
                properties.append(JUnitProperty(name: "sdk.version", value: integration.sdkVersion))
                properties.append(JUnitProperty(name: "capabilities", value: integration.capabilities.sorted().joined(separator: ",")))
            }
            properties.append(JUnitProperty(name: "backend", value: redactor.redact(result.backend)))
            properties.append(JUnitProperty(name: "harness.version", value: result.harnessVersion))
            let cases = suite.cases.map { junitCase($0) }
            suites.append(JUnitSuite(name: suite.suiteId, timestamp: suite.started, time: suite.duration, properties: properties, cases: cases))
        }
        return JUnitDocument(name: "mamconf", suites: suites)
    }

    private func junitCase(_ result: CaseResult) -> JUnitCase {
        let outcome: JUnitOutcome
        switch result.outcome {
        case .passed:
            outcome = .passed
        case .failed(let failure):
            let message = "\(failure.message) (\(failure.location.fileAndLine))"
            outcome = .failure(
                message: redactor.redact(message), type: "ExpectationFailed",
                details: redactor.redact(message + (failure.details.isEmpty ? "" : "\n\n" + failure.details)))
        case .errored(let error, let details):
            let message = error.description
            outcome = .error(
                message: redactor.redact(message), type: error.kind,
                details: redactor.redact(message + (details.isEmpty ? "" : "\n\n" + details)))
        case .skipped(let reason):
            outcome = .skipped(message: redactor.redact(reason))
        }
        var out = ["[[PROPERTY|requirements=\(result.requirements.joined(separator: ","))]]"]
        out.append("[[PROPERTY|source=\(result.location.fileAndLine)]]")
        // Transcript lines were redacted when the case ended (CaseResult.transcript); doing it again
        // here would double the cost of the slowest part of writing a large report.
        out.append(contentsOf: result.transcript)
        return JUnitCase(
            classname: result.suiteId, name: result.caseId, time: result.duration, outcome: outcome,
            systemOut: out.joined(separator: "\n"))
    }
}
