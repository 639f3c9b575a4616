@testable import AdapterTransports
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

/// The runner's lines to an integration's stdin: written on the sender's thread while the pipe takes them, queued
/// behind each other once it is full, they reach the integration whole and in the order sent, and closing stdin
/// comes after the last of them.
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
