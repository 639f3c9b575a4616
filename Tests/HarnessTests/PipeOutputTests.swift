@testable import AdapterTransports
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

/// The runner's lines to an integration's stdin: written on the sender's thread while the pipe takes them, queued
/// behind each other once it is full, they reach the integration whole and in the order sent, and closing stdin
/// comes after the last of them. A test host's socket (`SocketOutput`) is written the same way and held to the same.
@Suite(.timeLimit(.minutes(1))) struct PipeOutputTests {
    @Test("lines arrive whole and in order", arguments: [
        // (lines, bytes in each: short ones the pipe takes at once, and lines longer than its buffer)
        (500, 40), (40, 100_000),
    ])
    func linesArriveWholeAndInOrder(count: Int, length: Int) throws {
        let child = try ChildProcess.spawn(["/bin/cat"], environment: [:])
        defer { child.killGroup() }
        // The integration (cat) echoes what it reads; a thread collects it until end of file.
        let echoed = Mutex(Data())
        let finished = DispatchSemaphore(value: 0)
        Thread {
            defer { finished.signal() }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let got = read(child.stdoutFD, &buffer, buffer.count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return }
                echoed.withLock { $0.append(contentsOf: buffer[0..<got]) }
            }
        }.start()
        let output = PipeOutput(child: child, stall: .seconds(10))
        let failures = Mutex<[String]>([])
        let lines = (0..<count).map { index in
            Data((String(index) + " " + String(repeating: "x", count: length) + "\n").utf8)
        }
        for line in lines {
            output.send(line) { fault in failures.withLock { $0.append(fault.description) } }
        }
        output.closeInput()
        try #require(finished.wait(timeout: .now() + 30) == .success, "cat never saw the end of its input")
        #expect(failures.withLock { $0 }.isEmpty)
        let received = echoed.withLock { $0 }
        #expect(received.count == lines.reduce(0) { $0 + $1.count })
        #expect(received == lines.reduce(into: Data()) { $0.append($1) }, "lines were cut, mixed or reordered")
    }

    /// Senders on several threads at once, each with lines longer than the pipe's buffer between short ones: a line the
    /// pipe took only part of must not be overtaken by another thread's line, which would land inside it (a question's
    /// answer inside a 1 MiB request broke `adapter-check`'s large-message row on a loaded machine).
    @Test func linesFromSeveralThreadsAtOnceArriveWholeEachThreadsInItsOrder() throws {
        let child = try ChildProcess.spawn(["/bin/cat"], environment: [:])
        defer { child.killGroup() }
        let received = Self.collect(from: child.stdoutFD)
        let output = PipeOutput(child: child, stall: .seconds(10))
        let failures = Self.sendFromSeveralThreads(through: output)
        output.closeInput()
        try #require(received.ended.wait(timeout: .now() + 30) == .success, "cat never saw the end of its input")
        #expect(failures.list.withLock { $0 }.isEmpty)
        Self.expectWholeAndInOrder(received.bytes.withLock { $0 })
    }

    /// The same over a test host's socket (`SocketOutput`), which writes as the pipe does.
    @Test func linesFromSeveralThreadsAtOnceCrossASocketWholeEachThreadsInItsOrder() throws {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        // Buffers smaller than a long line, as a pipe's are, so long lines go out in parts.
        var size: Int32 = 16_384
        for (end, option) in [(ends[0], SO_SNDBUF), (ends[1], SO_RCVBUF)] {
            _ = setsockopt(end, SOL_SOCKET, option, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        // Read in small pieces, as slowly as cat's pipe drains, so the writers keep finding the socket full.
        let received = Self.collect(from: ends[1], piece: 2_048)
        let output = SocketOutput(stall: .seconds(10))
        output.attach(ends[0])
        let failures = Self.sendFromSeveralThreads(through: output)
        // Every line is written once the queue is drained; then the peer sees the end.
        output.detach()
        _ = shutdown(ends[0], Int32(SHUT_WR))
        try #require(received.ended.wait(timeout: .now() + 30) == .success, "the peer never saw the end of the stream")
        close(ends[0])
        close(ends[1])
        #expect(failures.list.withLock { $0 }.isEmpty)
        Self.expectWholeAndInOrder(received.bytes.withLock { $0 })
    }

    private static let senders = 16, perSender = 100

    /// Line `index` of `sender`: every other one longer than a pipe's buffer.
    private static func line(_ sender: Int, _ index: Int) -> String {
        "\(sender) \(index) " + String(repeating: "x", count: index % 2 == 0 ? 70_000 : 20)
    }

    /// Sends every sender's lines, the senders on threads of their own at once; returns the faults reported.
    private static func sendFromSeveralThreads(through output: some ChannelOutput) -> Faults {
        let failures = Faults()
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0..<perSender {
                output.send(Data((line(sender, index) + "\n").utf8)) { fault in failures.list.withLock { $0.append(fault.description) } }
            }
        }
        return failures
    }

    private final class Faults: Sendable {
        let list = Mutex<[String]>([])
    }

    /// What a descriptor yielded, and a signal once it ended.
    private final class Collected: Sendable {
        let bytes = Mutex(Data())
        let ended = DispatchSemaphore(value: 0)
    }

    /// What `fd` yields until its end, read on a thread of its own.
    private static func collect(from fd: Int32, piece: Int = 65_536) -> Collected {
        let collected = Collected()
        Thread {
            defer { collected.ended.signal() }
            var buffer = [UInt8](repeating: 0, count: piece)
            while true {
                let got = read(fd, &buffer, buffer.count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return }
                collected.bytes.withLock { $0.append(contentsOf: buffer[0..<got]) }
            }
        }.start()
        return collected
    }

    /// Every line arrived whole, and each sender's in the order it sent them.
    private static func expectWholeAndInOrder(_ bytes: Data) {
        let received = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(received.last == "", "the last line ends with its newline")
        var next = [Int](repeating: 0, count: senders)
        var whole = 0
        for text in received.dropLast() {
            let words = text.split(separator: " ", maxSplits: 2)
            guard words.count == 3, let sender = Int(words[0]), let index = Int(words[1]), (0..<senders).contains(sender),
                  text == line(sender, index) else { continue }
            #expect(index == next[sender], "sender \(sender)'s line \(index) came where \(next[sender]) was due")
            next[sender] = index + 1
            whole += 1
        }
        #expect(whole == senders * perSender, "\(senders * perSender - whole) line(s) were cut or mixed with another")
        #expect(received.count - 1 == senders * perSender)
    }

    @Test func aLineSentAfterStdinClosedIsReportedNotWritten() throws {
        let child = try ChildProcess.spawn(["/bin/cat"], environment: [:])
        defer { child.killGroup() }
        let output = PipeOutput(child: child, stall: .seconds(10))
        output.closeInput()
        let reported = DispatchSemaphore(value: 0)
        let fault = Mutex<String?>(nil)
        output.send(Data("late\n".utf8)) { failure in
            fault.withLock { $0 = failure.description }
            reported.signal()
        }
        try #require(reported.wait(timeout: .now() + 10) == .success, "the late line's failure was never reported")
        #expect(fault.withLock { $0 }?.contains("stdin closed") == true)
    }
}
