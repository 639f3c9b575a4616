import AdapterProtocol
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Plays the runner against a real `mamconf-reference` process over pipes: sends requests, answers the
/// integration's questions from a script, and records every event and question in arrival order.
///
/// Blocking; use it on a dedicated thread (see `onDedicatedThread`).
final class ReferenceAppTestRunner: @unchecked Sendable {
    /// One line the integration sent (other than responses).
    enum Seen: Equatable, CustomStringConvertible {
        case event(String, JSONValue)
        case question(String, JSONValue)

        var description: String {
            switch self {
            case .event(let method, let params): return "event \(method) \(params)"
            case .question(let method, let params): return "question \(method) \(params)"
            }
        }
    }

    /// Answers for questions by method; a question without one gets -32001, as the runner does.
    var answers: [String: JSONValue] = [:]
    private(set) var seen: [Seen] = []

    private let process: BackgroundProcess
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffer = Data()
    private var nextID = 1
    private let stderrLock = NSLock()
    private var stderrText = ""

    /// The built `mamconf-reference`, next to the test binary.
    static var executable: URL {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: me).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("mamconf-reference")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "mamconf-reference")
    }

    init(arguments: [String] = [], dataDir: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["MAMCONF_DATA_DIR"] = dataDir
        // On a thread of its own: a test may drive the integration from several dedicated threads in turn.
        process = try BackgroundProcess.startBlocking([Self.executable.path] + arguments, environment: environment,
                                                      stdin: input.fileHandleForReading.fileDescriptor,
                                                      stdout: output.fileHandleForWriting.fileDescriptor,
                                                      stderr: errors.fileHandleForWriting.fileDescriptor)
        // Only the child holds these ends, so its exit closes its pipes.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let handle = errors.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                stderrLock.lock()
                stderrText += String(decoding: chunk, as: UTF8.self)
                stderrLock.unlock()
            }
        }.start()
    }

    /// What the integration wrote to stderr so far (for failure messages).
    var standardError: String {
        stderrLock.lock()
        defer { stderrLock.unlock() }
        return stderrText
    }

    /// Sends a request and returns its result, answering questions and recording events meanwhile.
    func request(_ method: String, _ params: JSONValue = [:], seconds: Double = 30) throws -> JSONValue {
        let id = nextID
        nextID += 1
        write(.request(id: .number(id), method: method, params: params))
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let message = try next(until: deadline)
            switch message {
            case .response(.number(id), let result):
                return result
            case .errorResponse(.number(id)?, let error):
                throw ReferenceAppTestError(description: "\(method) failed: \(error)")
            case .notification(let name, let params):
                seen.append(.event(name, params))
            case .request(let qid, let name, let params):
                seen.append(.question(name, params))
                if let answer = answers[name] {
                    write(.response(id: qid, result: answer))
                } else {
                    write(.errorResponse(id: qid, error: RPCError(code: RPCError.noScriptedAnswer, message: "no answer for \(name)")))
                }
            default:
                throw ReferenceAppTestError(description: "unexpected line \(message) while waiting for \(method)")
            }
        }
    }

    /// Closes stdin and waits for the process to end; returns its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        return process.waitForExit()
    }

    /// Index of the first recorded line matching `predicate` after `start`, or nil.
    func index(after start: Int = -1, where predicate: (Seen) -> Bool) -> Int? {
        seen.indices.first { $0 > start && predicate(seen[$0]) }
    }

    private func write(_ message: Message) {
        input.fileHandleForWriting.write(message.encodedLine())
    }

    private func next(until deadline: Date) throws -> Message {
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[buffer.startIndex..<newline])
                buffer = Data(buffer[(newline + 1)...])
                return try Message.decode(line: line)
            }
            let remaining = Int(deadline.timeIntervalSinceNow * 1000)
            if remaining <= 0 {
                throw ReferenceAppTestError(description: "timed out; stderr:\n\(standardError)")
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, Int32(remaining)) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if count <= 0 { throw ReferenceAppTestError(description: "integration closed stdout; stderr:\n\(standardError)") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}

extension ReferenceAppTestRunner.Seen {
    /// An event `method` whose params contain every key/value of `fields`.
    func isEvent(_ method: String, _ fields: [String: JSONValue]) -> Bool {
        guard case .event(let name, let params) = self, name == method else { return false }
        return fields.allSatisfy { params[$0.key] == $0.value }
    }

    func isQuestion(_ method: String) -> Bool {
        if case .question(let name, _) = self { return name == method }
        return false
    }
}
