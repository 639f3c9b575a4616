import CLibXML2
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JUnit reports back into a ``JUnitDocument``: mamconf's own in every ``JUnitDialect`` and the common
/// shapes other tools write.
///
/// A file's root may be `<testsuites>` or a single `<testsuite>`; a directory is the Surefire layout
/// (`TEST-*.xml`, read in name order). What is read: the document name, suite names, times, timestamps and
/// properties; per case `classname`, `name`, `time`, `file`, `line`, the outcome (`<failure>`, `<error>`,
/// `<skipped>` with message, type and text), earlier attempts (`<flaky…>`/`<rerun…>`) and output. When a case
/// has several result elements, the first failure or error wins over a skip. Suite-level output is given back
/// to the cases when it is in the layout the ``JUnitDialect/ant`` dialect writes, and otherwise dropped
/// (the model has no suite-level output). A missing timestamp reads as 1970-01-01T00:00:00Z and a missing
/// document name as "". Counters in the file (`tests`, `failures`, …) are not read: the model derives them
/// from the cases.
///
/// Reports come from other machines, so the reader refuses what no JUnit report needs: a DOCTYPE (the way to
/// entity expansion, external entities and DTDs; refused before anything in it is read), elements nested
/// deeper than ``depthLimit``, and more than ``sizeLimit`` bytes (a file, or a directory's files together,
/// checked before they are read). Within these, what is read grows only with the input, so libxml2's own
/// fixed limits are lifted: an output element may hold more than its 10 MB.
public enum JUnitReader {
    /// The most bytes a report (a file, or a directory's report files together) may hold: far above what a
    /// run of thousands of cases writes, and low enough that reading one cannot exhaust a CI machine.
    public static let sizeLimit = 512 << 20
    /// The deepest elements may nest (see ``ParsedXMLDocument/depthLimit``).
    public static let depthLimit = ParsedXMLDocument.depthLimit

    /// Reads a report file, or every `TEST-*.xml` file of a directory; at most `sizeLimit` bytes in all.
    public static func read(path: String, sizeLimit: Int = sizeLimit) throws(JUnitReaderError) -> JUnitDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file or directory")
        }
        var budget = Budget(limit: sizeLimit)
        return isDirectory.boolValue ? try readDirectory(path, &budget) : try read(data: load(path, &budget), source: path)
    }

    /// Reads a report from memory; `source` names it in errors.
    public static func read(data: Data, source: String) throws(JUnitReaderError) -> JUnitDocument {
        let document: ParsedXMLDocument
        switch ParsedXMLDocument.parse(data, name: source) {
        case .success(let parsed): document = parsed
        case .failure(let failure):
            switch failure.refusal {
            case .doctype: throw .doctype(path: source, line: failure.line)
            case .tooDeep: throw .tooDeep(path: source, line: failure.line, limit: depthLimit)
            case nil:
                throw .malformed(path: source, line: failure.line, column: failure.column,
                                 reason: failure.message.isEmpty ? "unknown libxml2 error" : failure.message)
            }
        }
        guard let root = document.root else { throw .malformed(path: source, line: 0, column: 0, reason: "no root element") }
        var reader = SuiteReader(source: source)
        switch ParsedXMLDocument.name(of: root) {
        case "testsuites":
            for child in ParsedXMLDocument.elementChildren(of: root) where ParsedXMLDocument.name(of: child) == "testsuite" {
                try reader.readSuite(child)
            }
            return JUnitDocument(name: ParsedXMLDocument.attribute("name", of: root) ?? "", suites: reader.suites)
        case "testsuite":
            try reader.readSuite(root)
            return JUnitDocument(name: "", suites: reader.suites)
        case let other:
            throw .notJUnit(path: source, line: ParsedXMLDocument.line(of: root), root: other)
        }
    }

    /// The report files of a Surefire directory, in the order they are read.
    public static func reportFiles(inDirectory path: String) throws(JUnitReaderError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        // Byte order, not the locale's, so every machine reads the suites in the same order.
        let files = names.filter(JUnitWriter.isReportFileName).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        guard !files.isEmpty else { throw .emptyDirectory(path: path) }
        return files.map { (path as NSString).appendingPathComponent($0) }
    }

    private static func readDirectory(_ path: String, _ budget: inout Budget) throws(JUnitReaderError) -> JUnitDocument {
        var result = JUnitDocument(name: "")
        for file in try reportFiles(inDirectory: path) {
            let document = try read(data: load(file, &budget), source: file)
            if result.name.isEmpty { result.name = document.name }
            result.suites += document.suites
        }
        return result
    }

    /// What is left of the bytes one report may hold.
    private struct Budget {
        let limit: Int
        var left: Int

        init(limit: Int) {
            self.limit = limit
            left = limit
        }
    }

    /// The file's bytes, never more than the budget has left: a regular file's size is checked before it is
    /// read, and anything else (a pipe, a device) is read no further than one byte past the budget.
    private static func load(_ path: String, _ budget: inout Budget) throws(JUnitReaderError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > budget.left {
            throw .tooLarge(path: path, limit: budget.limit)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = readBytes(fd, &buffer, min(buffer.count, budget.left - data.count + 1))
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > budget.left { throw .tooLarge(path: path, limit: budget.limit) }
        }
        budget.left -= data.count
        return data
    }
}

/// read(2), named so that inside ``JUnitReader`` it is not taken for one of its `read` functions.
private func readBytes(_ fd: Int32, _ buffer: inout [UInt8], _ count: Int) -> Int {
    buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, count) }
}

/// Collects the suites of one file; nested `<testsuite>` elements (junit-10 allows them) follow their parent.
private struct SuiteReader {
    let source: String
    var suites: [JUnitSuite] = []

    init(source: String) {
        self.source = source
    }

    mutating func readSuite(_ node: xmlNodePtr) throws(JUnitReaderError) {
        var suite = JUnitSuite(name: ParsedXMLDocument.attribute("name", of: node) ?? "",
                               timestamp: Self.date(ParsedXMLDocument.attribute("timestamp", of: node)) ?? Date(timeIntervalSince1970: 0),
                               time: try seconds(node))
        var suiteOut: String?
        var suiteErr: String?
        var nested: [xmlNodePtr] = []
        for child in ParsedXMLDocument.elementChildren(of: node) {
            switch ParsedXMLDocument.name(of: child) {
            case "properties":
                for property in ParsedXMLDocument.elementChildren(of: child) where ParsedXMLDocument.name(of: property) == "property" {
                    suite.properties.append(JUnitProperty(name: ParsedXMLDocument.attribute("name", of: property) ?? "",
                                                          value: ParsedXMLDocument.attribute("value", of: property) ?? ""))
                }
            case "testcase":
                suite.cases.append(try readCase(child))
            case "system-out":
                suiteOut = (suiteOut ?? "") + ParsedXMLDocument.text(of: child)
            case "system-err":
                suiteErr = (suiteErr ?? "") + ParsedXMLDocument.text(of: child)
            case "testsuite":
                nested.append(child)
            default:
                break
            }
        }
        let names = suite.cases.map { (classname: $0.classname, name: $0.name) }
        if let suiteOut, let sections = AntCaseOutput.split(suiteOut, cases: names) {
            for (index, section) in sections.enumerated() where suite.cases[index].systemOut == nil {
                suite.cases[index].systemOut = section
            }
        }
        if let suiteErr, let sections = AntCaseOutput.split(suiteErr, cases: names) {
            for (index, section) in sections.enumerated() where suite.cases[index].systemErr == nil {
                suite.cases[index].systemErr = section
            }
        }
        suites.append(suite)
        for child in nested {
            try readSuite(child)
        }
    }

    private func readCase(_ node: xmlNodePtr) throws(JUnitReaderError) -> JUnitCase {
        var testCase = JUnitCase(classname: ParsedXMLDocument.attribute("classname", of: node) ?? "",
                                 name: ParsedXMLDocument.attribute("name", of: node) ?? "",
                                 time: try seconds(node))
        testCase.file = ParsedXMLDocument.attribute("file", of: node)
        if let line = ParsedXMLDocument.attribute("line", of: node) {
            guard let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidNumber(path: source, line: ParsedXMLDocument.line(of: node), element: "testcase", attribute: "line", value: line)
            }
            testCase.line = number
        }
        var failed: JUnitOutcome?
        var skipped: JUnitOutcome?
        for child in ParsedXMLDocument.elementChildren(of: node) {
            let message = ParsedXMLDocument.attribute("message", of: child)
            let type = ParsedXMLDocument.attribute("type", of: child) ?? ""
            switch ParsedXMLDocument.name(of: child) {
            case "failure" where failed == nil:
                failed = .failure(message: message ?? "", type: type, details: ParsedXMLDocument.text(of: child))
            case "error" where failed == nil:
                failed = .error(message: message ?? "", type: type, details: ParsedXMLDocument.text(of: child))
            case "skipped" where skipped == nil:
                let text = ParsedXMLDocument.text(of: child)
                skipped = .skipped(message: message.flatMap { $0.isEmpty ? nil : $0 } ?? text)
            case "rerunFailure", "flakyFailure":
                testCase.attempts.append(attempt(.failure, child, message: message, type: type))
            case "rerunError", "flakyError":
                testCase.attempts.append(attempt(.error, child, message: message, type: type))
            case "system-out":
                testCase.systemOut = (testCase.systemOut ?? "") + ParsedXMLDocument.text(of: child)
            case "system-err":
                testCase.systemErr = (testCase.systemErr ?? "") + ParsedXMLDocument.text(of: child)
            default:
                break
            }
        }
        testCase.outcome = failed ?? skipped ?? .passed
        return testCase
    }

    private func attempt(_ kind: JUnitAttempt.Kind, _ node: xmlNodePtr, message: String?, type: String) -> JUnitAttempt {
        var result = JUnitAttempt(kind: kind, message: message ?? "", type: type, details: "")
        var trace: String?
        for child in ParsedXMLDocument.elementChildren(of: node) {
            switch ParsedXMLDocument.name(of: child) {
            case "stackTrace": trace = (trace ?? "") + ParsedXMLDocument.text(of: child)
            case "system-out": result.systemOut = (result.systemOut ?? "") + ParsedXMLDocument.text(of: child)
            case "system-err": result.systemErr = (result.systemErr ?? "") + ParsedXMLDocument.text(of: child)
            default: break
            }
        }
        // Surefire before 2.22.1 wrote the trace as the element's own text.
        result.details = trace ?? ParsedXMLDocument.text(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
        return result
    }

    /// The `time` attribute in seconds: missing or empty is 0; Surefire may group thousands with commas.
    private func seconds(_ node: xmlNodePtr) throws(JUnitReaderError) -> Double {
        guard let raw = ParsedXMLDocument.attribute("time", of: node) else { return 0 }
        let text = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        guard !text.isEmpty else { return 0 }
        guard let value = Double(text), value.isFinite else {
            throw .invalidNumber(path: source, line: ParsedXMLDocument.line(of: node), element: ParsedXMLDocument.name(of: node),
                                 attribute: "time", value: raw)
        }
        return value
    }

    /// `yyyy-MM-ddTHH:mm:ss`, optionally with fractional seconds and a `Z` or `±hh:mm` zone (UTC without one).
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int) -> UInt8? { index < scalars.count ? scalars[index] : nil }
        guard let year = number(0, 4), byte(4) == UInt8(ascii: "-"), let month = number(5, 2), byte(7) == UInt8(ascii: "-"),
              let day = number(8, 2), byte(10) == UInt8(ascii: "T") || byte(10) == UInt8(ascii: " "),
              let hour = number(11, 2), byte(13) == UInt8(ascii: ":"), let minute = number(14, 2),
              byte(16) == UInt8(ascii: ":"), let second = number(17, 2) else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while let digit = byte(index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                fraction += Double(digit - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if byte(index) == UInt8(ascii: "Z") {
            index += 1
        } else if let sign = byte(index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            guard let hours = number(index + 1, 2), byte(index + 3) == UInt8(ascii: ":"), let minutes = number(index + 4, 2) else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
            index += 6
        }
        guard index == scalars.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }
}
