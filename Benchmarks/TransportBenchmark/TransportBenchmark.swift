// mamconf-transport-bench: what the network transport costs next to stdio, against the bundled reference.
//
// 1. Round trip per message: `sync` (answered at once by an integration with nothing to wait for) sent N times
//    over each transport, one at a time as the runner sends requests; mean, median and 99th percentile.
// 2. The whole default run (every suite) over stdio and over tcp:// to `mamconf-reference --listen`, R times each;
//    median wall seconds and the ratio.
//
// Usage: mamconf-transport-bench [--messages N] [--runs R] [--bin DIR]   (DIR holds mamconf and mamconf-reference;
//        --runs 0 leaves out the whole runs)
import AdapterProtocol
import AdapterTransports
import ConformanceCore
import Foundation

struct Options {
    var messages = 2000
    var runs = 3
    var bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch arguments[index] {
            case "--messages": messages = Int(value) ?? messages; index += 1
            case "--runs": runs = Int(value) ?? runs; index += 1
            case "--bin": bin = value; index += 1
            default: break
            }
            index += 1
        }
    }
}

final class Quiet: InboundHandler {
    func notification(method: String, params: JSONValue) {}
    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> { .failure(RPCError(.noScriptedAnswer, "bench")) }
    func diagnostic(_ line: String) {}
    func fault(_ fault: AdapterFault) {}
}

/// Starts `mamconf-reference --listen 0` and returns it with the port it announced.
func startListeningReference(_ reference: String) throws -> (Process, UInt16) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: reference)
    process.arguments = ["--listen", "0", "--data-dir", NSTemporaryDirectory() + "mamconf-bench-\(getpid())"]
    let pipe = Pipe()
    process.standardError = pipe
    // Not the benchmark's output: a caller reading it to its end would otherwise wait for this host too.
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var text = ""
    while !text.contains("\n") {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
    }
    guard let range = text.range(of: "listening on "),
          let port = text[range.upperBound...].split(separator: " ").first?.split(separator: ":").last.flatMap({ UInt16($0) }) else {
        throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "no port in: \(text)"])
    }
    // The host writes a line or two at every relaunch (several a case over tcp): read on to its end, or the pipe fills
    // and the host blocks in its next write, before it listens again, so a later run's hello goes unanswered.
    let errors = pipe.fileHandleForReading
    Thread {
        while !errors.availableData.isEmpty {}
    }.start()
    return (process, port)
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

func roundTrips(_ factory: any SDKAdapterFactory, messages: Int) async throws -> [Double] {
    let session = try await factory.start(dataDirectory: NSTemporaryDirectory(), handler: Quiet())
    for _ in 0..<50 { _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(10)) }   // warm-up
    var samples: [Double] = []
    samples.reserveCapacity(messages)
    for _ in 0..<messages {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(10))
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    _ = await session.terminate(grace: .seconds(2))
    return samples.sorted()
}

/// Runs `mamconf run …` to its end and returns its wall seconds. The child is started with posix_spawn and waited for
/// with waitpid on a thread of its own: Foundation's `Process.waitUntilExit` once never returned for a child that had
/// already ended (a zombie), which left `make bench` waiting for ever, and a blocking wait must not hold one of the
/// concurrency pool's threads.
func wholeRun(_ mamconf: String, _ arguments: [String]) async throws -> Double {
    let argv = [mamconf, "run", "--junit", NSTemporaryDirectory() + "mamconf-bench-\(getpid()).xml"] + arguments
    return try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try spawnAndWait(argv) }) }.start()
    }
}

private func spawnAndWait(_ argv: [String]) throws -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else {
        throw NSError(domain: "bench", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot start \(argv[0]): \(String(cString: strerror(spawned)))"])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw NSError(domain: "bench", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "waitpid: \(String(cString: strerror(errno)))"]) }
    }
    let elapsed = start.duration(to: clock.now)
    // Exited normally with 0: WIFEXITED and WEXITSTATUS, spelled out (Glibc's macros do not reach Swift).
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        throw NSError(domain: "bench", code: Int(status), userInfo: [NSLocalizedDescriptionKey: "mamconf run \(argv.dropFirst(4)) ended with wait status \(status)"])
    }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The steps run inside `main`, as locals. As top-level code (whose variables are globals) the benchmark crashed at
/// every run in the tcp factory's `start`, copying a factory whose fields held another value's bytes.
@main
enum TransportBenchmark {
    static func main() async throws {
        let options = Options(Array(CommandLine.arguments.dropFirst()))
        let reference = options.bin + "/mamconf-reference"
        let mamconf = options.bin + "/mamconf"
        let (host, port) = try startListeningReference(reference)
        defer { host.terminate() }

        print("round trip per message (sync, \(options.messages) messages, one at a time), microseconds:")
        print("  transport   mean    median  p99")
        var medians: [String: Double] = [:]
        for (name, factory) in [("stdio", StdioAdapterFactory(command: [reference]) as any SDKAdapterFactory),
                                ("tcp", NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: port)))] {
            let samples = try await roundTrips(factory, messages: options.messages)
            let mean = samples.reduce(0, +) / Double(samples.count)
            medians[name] = percentile(samples, 0.5)
            print("  " + name.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: " %7.1f %7.1f %7.1f", mean, percentile(samples, 0.5), percentile(samples, 0.99)))
        }
        print(String(format: "  tcp/stdio median ratio: %.2f", (medians["tcp"] ?? 0) / max(medians["stdio"] ?? 1, 0.001)))

        // `--runs 0` measures the round trip only (the test that keeps this benchmark running does).
        guard options.runs > 0 else { return }
        print("whole default run (every suite, embedded mock), wall seconds over \(options.runs) run(s):")
        var runMedians: [String: Double] = [:]
        for (name, arguments) in [("stdio", [String]()), ("tcp", ["--adapter", "tcp://127.0.0.1:\(port)"])] {
            var times: [Double] = []
            for _ in 0..<options.runs { times.append(try await wholeRun(mamconf, arguments)) }
            times.sort()
            runMedians[name] = percentile(times, 0.5)
            print("  " + name.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: " median %.2f  (min %.2f, max %.2f)", percentile(times, 0.5), times.first ?? 0, times.last ?? 0))
        }
        print(String(format: "  tcp/stdio median ratio: %.2f", (runMedians["tcp"] ?? 0) / max(runMedians["stdio"] ?? 1, 0.001)))
    }
}
