import Foundation
import TestSupport
import JUnitXML
import Testing

/// Ctrl-C during a case: the case becomes an interrupted error, adapters die, the report is written
/// whole and atomically, and mamconf exits 130. A second Ctrl-C ends mamconf at once, still with this run's
/// report (every planned case in it) and no temporary file left behind.
@Suite(.serialized) struct InterruptionTests {
    static var mamconf: String {
        let reference = (try? EndToEnd.referenceExecutable()) ?? ""
        return (reference as NSString).deletingLastPathComponent + "/mamconf"
    }

    @Test(arguments: [(SIGINT, Int32(130), 1), (SIGTERM, Int32(143), 1), (SIGINT, Int32(130), 2)])
    func signalDuringACaseWritesAValidReportAndExits(_ signalNumber: Int32, _ expectedExit: Int32, _ signals: Int) async throws {
        let work = NSTemporaryDirectory() + "mamconf-sigint-\(UUID().uuidString)"
        let state = work + "/state"
        let reports = work + "/reports"
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let fifo = work + "/ready"
        #expect(mkfifo(fifo, 0o600) == 0)

        var environment = ProcessInfo.processInfo.environment
        environment["FAULTY_READY_FIFO"] = fifo
        let stderr = Pipe()
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nothing) }
        let process = try await BackgroundProcess.start([
            Self.mamconf, "run", "--case", "untargeted-account-stays-unmanaged", "--case", "policy-queries/policy-change-notified-at-check-in", "--junit", "\(reports)/junit.xml", "--step-timeout", "120",
            "--adapter-env", "FAULTY_READY_FIFO",
            "--adapter", "\(ProcessChecks.faultyAdapter) silent-after 3 \(state) 1 -- \(try EndToEnd.referenceExecutable())",
        ], environment: environment, directory: Repository.root, stdin: nothing, stdout: nothing, stderr: stderr.fileHandleForWriting.fileDescriptor)
        try stderr.fileHandleForWriting.close()

        // Wait (off the concurrency pool) until the adapter says it has gone silent mid-case. Opening
        // the FIFO blocks until the adapter opens it for writing: an event, not a poll.
        let reached = await offPool { () -> Bool in
            let ready = DispatchSemaphore(value: 0)
            let reader = Thread {
                if let handle = FileHandle(forReadingAtPath: fifo) {
                    _ = handle.readData(ofLength: 6)
                    try? handle.close()
                }
                ready.signal()
            }
            reader.start()
            return ready.wait(timeout: .now() + 60) == .success
        }
        #expect(reached, "the adapter never reached the silent state")
        process.send(signalNumber)
        var errorText = ""
        if signals == 2 {
            // The second signal once mamconf has acted on the first (two signals sent at once arrive as one).
            errorText = await offPool { Self.read(stderr.fileHandleForReading.fileDescriptor, until: "stopping the running case") }
            process.send(signalNumber)
        }
        errorText += await offPool { String(decoding: readToEnd(stderr.fileHandleForReading.fileDescriptor), as: UTF8.self) }
        #expect(await process.exitCode() == expectedExit)
        #expect(errorText.contains("interrupted"), "\(errorText)")
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(reports)/junit.xml"))
        let report = String(decoding: xml, as: UTF8.self)
        #expect(report.contains("interrupted by signal \(signalNumber)"))
        // The case after the interrupted one is in the report too, as an error, so no reader shows green.
        #expect(report.contains("tests=\"2\" failures=\"0\" errors=\"2\""), "\(report.prefix(300))")
        #expect(report.contains("type=\"NotRun\">requirements:"), "the case not run is an error with its cause")
        if signals == 1 {
            #expect(report.contains("not run: the run was interrupted by signal \(signalNumber) before this case started (Suites/policy-queries.yaml:"))
        }
        for schema in ["junit-10.xsd", "jenkins-junit.xsd"] {
            #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/\(schema)").validate(xml).isEmpty)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: reports).filter { $0 != "junit.xml" }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
        for pid in ProcessChecks.pids(in: state) {
            #expect(ProcessChecks.isGone(pid), "adapter process \(pid) outlived the interrupted run")
        }
    }

    /// What `descriptor` gives until `marker` has appeared (or it ends).
    static func read(_ descriptor: Int32, until marker: String) -> String {
        var data = Data()
        var byte: UInt8 = 0
        while !String(decoding: data, as: UTF8.self).contains(marker) {
            let count = Glibc.read(descriptor, &byte, 1)
            if count == 1 { data.append(byte) } else if count < 0 && errno == EINTR { continue } else { break }
        }
        return String(decoding: data, as: UTF8.self)
    }
}
