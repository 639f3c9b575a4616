import ConformanceCore
import Foundation

/// Turns SIGINT and SIGTERM into a clean stop: the first one interrupts the run (the running case is
/// reported as interrupted and the report is written); a second SIGINT exits at once, which leaves the
/// previous complete report or none, never a truncated one, because reports are replaced atomically.
final class SignalTrap: @unchecked Sendable {
    // Unchecked: the dispatch sources are only created here and cancelled in `cancel`; their handlers
    // run on one serial queue and touch only the Sendable RunControl and the queue-confined counter.
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "mamconf.signals")
    private var received = 0

    init(control: RunControl) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                received += 1
                if received > 1 {
                    FileHandle.standardError.write(Data("mamconf: interrupted again, exiting now\n".utf8))
                    _exit(number == SIGTERM ? 143 : 130)
                }
                FileHandle.standardError.write(Data("mamconf: interrupted; stopping the running case and writing the report\n".utf8))
                control.interrupt(signal: number)
            }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
