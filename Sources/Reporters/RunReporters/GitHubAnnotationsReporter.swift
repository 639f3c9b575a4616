import AdapterProtocol
import ConformanceCore
import Foundation

/// Prints a GitHub Actions workflow command for every failed or errored case,
/// `::error file=Suites/x.yaml,line=12,title=suite/case::message`, so the failure shows as an annotation on
/// the suite line that checks it. The message is the first line of the failure, at most
/// ``messageLimit`` characters, and always passed through the run's ``Redactor`` before it is cut.
///
/// Escaping follows GitHub's runner (`ActionCommand`): in the message `%`, CR and LF become `%25`, `%0D`,
/// `%0A`; in a property `:` and `,` also become `%3A` and `%2C`.
public struct GitHubAnnotationsReporter: Reporter {
    /// The longest message printed, in characters (a cut message ends with `…`).
    public static let messageLimit = 300

    let redactor: Redactor
    /// The repository root GitHub resolves `file=` against (`GITHUB_WORKSPACE`): suite paths under it are
    /// printed relative to it. Nil prints suite paths as the run has them.
    let workspace: String?
    let output: @Sendable (String) -> Void

    public init(
        redactor: Redactor,
        workspace: String? = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"],
        // Unbuffered, so the runner sees each annotation when the case ends.
        output: @escaping @Sendable (String) -> Void = { StandardStreams.write(($0 + "\n"), to: STDOUT_FILENO) }
    ) {
        self.redactor = redactor
        self.workspace = workspace.flatMap { $0.isEmpty ? nil : $0 }
        self.output = output
    }

    /// Whether the run is a GitHub Actions job (the runner sets `GITHUB_ACTIONS=true`).
    public static func isEnabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    public func caseFinished(_ result: CaseResult) async {
        let message: String
        let location: SourceLocation
        switch result.outcome {
        case .passed, .skipped:
            return
        case .failed(let failure):
            message = failure.message
            location = failure.location
        case .errored(let error, _):
            message = "\(error.kind): \(error.description)"
            if case .integration(_, let at?) = error { location = at } else { location = result.location }
        }
        output(Self.command(properties: [("file", path(location.file)), ("line", String(location.line)),
                                         ("title", redactor.redact("\(result.suiteId)/\(result.caseId)"))],
                            message: short(message)))
    }

    /// Problems outside any case (nothing judged, the backend went away, the report not written) become
    /// annotations without a file.
    public func runFinished(_ result: RunResult) async throws {
        let problems = (result.abortReason.map { ["nothing judged: \($0)"] } ?? []) + result.infrastructureProblems
            + result.reportFailures.map { "report not written: \($0.message)" }
        for problem in problems {
            output(Self.command(properties: [("title", "mamconf")], message: short(problem)))
        }
    }

    /// `::error k=v,k=v::message` with GitHub's escaping.
    static func command(properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::error" + (list.isEmpty ? "" : " " + list) + "::" + escapeData(message)
    }

    /// A message: `%`, CR and LF.
    public static func escapeData(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A property value: as a message, plus `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// The redacted message's first non-empty line, cut to ``messageLimit`` characters. Redaction comes
    /// first, so a cut can never leave part of a secret standing.
    private func short(_ message: String) -> String {
        let redacted = redactor.redact(message)
        let first = redacted.unicodeScalars
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty } ?? ""
        guard first.count > Self.messageLimit else { return first }
        return String(first.prefix(Self.messageLimit - 1)) + "…"
    }

    /// The suite file as GitHub wants it: relative to the workspace when it lies inside it.
    private func path(_ file: String) -> String {
        guard let workspace else { return file }
        let absolute = file.hasPrefix("/") ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
        let standardized = (absolute as NSString).standardizingPath
        let root = (workspace as NSString).standardizingPath
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : file
    }
}
