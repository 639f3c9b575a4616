#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// One case's session with a network test host.
///
/// A reader thread feeds the socket's lines to the `ProtocolChannel`. When the host announced a relaunch
/// (`host.relaunching`) and then closed the connection, the same thread reconnects within the relaunch deadline,
/// says hello, and sends again what was left unanswered (`app.restart` as `app.launch`); any other end of the
/// connection is a transport failure that fails the case with a diagnostic. Nothing blocks the concurrency pool.
final class NetworkAdapterSession: SDKAdapterSession {
    private struct State {
        var closing = false
        var relaunches = 0
        var termination: AdapterTermination?
        /// How the connection ended, for the termination report.
        var ending: String?
    }

    private let factory: NetworkAdapterFactory
    private let handler: any InboundHandler
    private let output: SocketOutput
    private let channel: ProtocolChannel
    private let state = Mutex(State())
    private let readerDone = DispatchSemaphore(value: 0)
    /// Signalled by `terminate`, so a reconnect waiting between attempts gives up at once.
    private let wakeUp = DispatchSemaphore(value: 0)

    init(fd: Int32, leftover: Handshake.Leftover, factory: NetworkAdapterFactory, handler: any InboundHandler) {
        self.factory = factory
        self.handler = handler
        let output = SocketOutput(stall: factory.limits.writeStall)
        self.output = output
        self.channel = ProtocolChannel(handler: handler, output: output, lineLimit: factory.limits.lineLimit, tap: factory.tap)
        output.channel = channel
        output.attach(fd)
        let thread = Thread { [self] in readLoop(fd: fd, leftover: leftover) }
        thread.name = "mamconf.adapter.tcp.reader"
        thread.start()
    }

    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        try await channel.request(method, params: params, timeout: timeout)
    }

    // MARK: Reading and reconnecting

    private func readLoop(fd initial: Int32, leftover: Handshake.Leftover) {
        var fd = initial
        var leftover = leftover
        connections: while true {
            // The handshake read past its answer: its complete lines come first, and its splitter, holding the
            // start of the next line, reads on.
            var splitter = leftover.splitter
            var healthy = leftover.lines.allSatisfy { channel.receive($0) }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while healthy {
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    // The socket is non-blocking (writes wait with a stall deadline): wait for data here.
                    var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                if count <= 0 { break }
                for piece in splitter.feed(Data(buffer[0..<count])) where healthy {
                    healthy = channel.receive(piece)
                }
            }
            output.detach()
            _ = close(fd)
            if !healthy || state.withLock({ $0.closing }) { break connections }
            guard let reason = channel.takeRelaunch() else {
                let fault = AdapterFault.connectionLost(
                    "the test host at \(factory.address.hostAndPort) closed the connection without announcing a relaunch (did it crash or was it killed?)")
                state.withLock { $0.ending = "connection closed by the test host" }
                if channel.breakChannel(fault) { handler.fault(fault) }
                break connections
            }
            do {
                (fd, leftover) = try reconnect(reason: reason)
            } catch {
                state.withLock { $0.ending = "the relaunched test host did not come back" }
                if channel.breakChannel(error) { handler.fault(error) }
                break connections
            }
            output.attach(fd)
            // A `terminate` that came while the host relaunched found no connection to end; it set `closing` before it
            // looked, so one of the two always sees the other. Left open, this connection would be read for ever and
            // hold the relaunched host's session.
            if state.withLock({ $0.closing }) { output.shutdownConnection() }
            for request in channel.outstanding() {
                // The relaunched app answers for the request that relaunched it: that request is done once the new
                // app's launch is, which is what `app.launch` answers.
                let relaunched = RunnerMethod(rawValue: request.method).map(RunnerMethod.relaunching.contains) ?? false
                let method = relaunched ? RunnerMethod.appLaunch.rawValue : request.method
                handler.diagnostic("sending \(method) (request \(request.id)) again to the relaunched test host")
                channel.resend(request, as: method)
            }
        }
        readerDone.signal()
    }

    /// Connects to the relaunched host, retrying while nothing listens yet, until the relaunch deadline.
    private func reconnect(reason: RestartReason) throws(AdapterFault) -> (Int32, Handshake.Leftover) {
        let started = Date()
        let deadline = started.addingTimeInterval(factory.deadlines.relaunch.inSeconds)
        var pause = 0.005
        var lastProblem = "nothing listened"
        while Date() < deadline {
            if state.withLock({ $0.closing }) { throw .connectionLost("the case ended while the test host relaunched") }
            do {
                let opened = try factory.open(deadline: min(deadline, Date().addingTimeInterval(2)))
                let seconds = String(format: "%.3f", Date().timeIntervalSince(started))
                state.withLock { $0.relaunches += 1 }
                handler.diagnostic("reconnected to the relaunched test host (\(reason.rawValue)) after \(seconds) s")
                return opened
            } catch {
                lastProblem = error.description
            }
            // Nothing to wait on but the host's port: retry with a growing pause, which `terminate` cuts short.
            _ = wakeUp.wait(timeout: .now() + min(pause, max(0, deadline.timeIntervalSinceNow)))
            pause = min(pause * 2, 0.2)
        }
        throw .connectionLost(
            "the test host at \(factory.address.hostAndPort) announced a relaunch (\(reason.rawValue)) but did not accept a connection within \(factory.deadlines.relaunch.limitText) s (last attempt: \(lastProblem))")
    }

    // MARK: Ending

    func terminate(grace: Duration) async -> AdapterTermination {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: terminateBlocking(grace: grace)) }
            thread.name = "mamconf.adapter.tcp.terminate"
            thread.start()
        }
    }

    private func terminateBlocking(grace: Duration) -> AdapterTermination {
        let first = state.withLock { s -> Bool in
            defer { s.closing = true }
            return !s.closing
        }
        if !first {
            _ = readerDone.wait(timeout: .now() + grace.inSeconds + 5)
            readerDone.signal()
            return state.withLock { $0.termination } ?? AdapterTermination(exitDescription: "session ended", stderrTail: [])
        }
        wakeUp.signal()
        var description: String
        if channel.brokenBy == nil {
            // Politely: `shutdown` ends the session; the host closes the connection and listens again.
            channel.sendFarewell()
            if readerDone.wait(timeout: .now() + grace.inSeconds) == .success {
                description = "session ended by the test host"
            } else {
                output.shutdownConnection()
                _ = readerDone.wait(timeout: .now() + 5)
                description = "the test host did not end the session within \(grace.limitText) s; the runner closed the connection"
            }
        } else {
            output.shutdownConnection()
            _ = readerDone.wait(timeout: .now() + 5)
            description = state.withLock { $0.ending } ?? "connection closed"
        }
        readerDone.signal()
        let relaunches = state.withLock { $0.relaunches }
        if relaunches > 0 { description += "; the test host relaunched \(relaunches) time(s) during the case" }
        let ending = AdapterTermination(exitDescription: description, stderrTail: [])
        state.withLock { $0.termination = ending }
        return ending
    }
}

/// The socket side of a network session: lines written in order to whichever connection is current, on the sender's
/// thread when nothing waits to be written and the socket takes the line whole, else on a serial queue. While the host
/// relaunches there is no connection, and lines are dropped: the requests among them stay outstanding in the channel
/// and are sent again after the reconnect.
final class SocketOutput: ChannelOutput, @unchecked Sendable {
    // Unchecked for `channel` alone: it is set once, before the first line is sent, and only read afterwards.
    private let stall: Duration
    private let queue = DispatchQueue(label: "mamconf.adapter.tcp.writer")

    private struct Connection {
        /// The current connection's writer, made once per connection (it sets the socket non-blocking).
        var writer: DescriptorWriter?
        /// Lines handed to the queue and not yet written: while there are any, later lines queue behind them.
        var queued = 0
        /// Counts connections, so the rest of a line begun on one is never written to the next.
        var generation = 0
    }

    /// Held while a line is written on the sender's thread (a write that does not wait).
    private let current = Mutex(Connection())
    /// Set once, before the first line is sent (the channel and its output refer to each other).
    weak var channel: ProtocolChannel?

    init(stall: Duration) { self.stall = stall }

    func attach(_ fd: Int32) {
        let writer = DescriptorWriter(fd: fd, stall: stall, isSocket: true)
        queue.sync {
            current.withLock { connection in
                connection.writer = writer
                connection.generation += 1
            }
        }
    }

    func detach() { queue.sync { current.withLock { $0.writer = nil } } }

    /// Ends the current connection both ways, so the reader stops at once. Under the lock that `detach` takes before
    /// the reader closes the descriptor: its number, once closed, may already be another connection's.
    func shutdownConnection() {
        current.withLock { connection in
            if let writer = connection.writer { _ = shutdown(writer.fd, Int32(SHUT_RDWR)) }
        }
    }

    func send(_ line: Data, failed: @escaping @Sendable (AdapterFault) -> Void) {
        // The rest goes to the queue under the lock: handed over after it, a line whose first part the socket took
        // could be overtaken by a later sender's whole line, which then landed inside it.
        current.withLock { connection in
            guard connection.queued == 0, let writer = connection.writer else {
                connection.queued += 1
                writeLater(line, begunOn: nil, failed: failed)
                return
            }
            guard let rest = writer.writeWithoutWaiting(line) else { return }
            connection.queued += 1
            writeLater(rest, begunOn: rest.count < line.count ? connection.generation : nil, failed: failed)
        }
    }

    /// Writes `rest` on the queue, after every line queued before it; `begunOn` is the connection it must go to when
    /// part of the line went out already. Called under `current`'s lock, which the block takes only when it runs.
    private func writeLater(_ rest: Data, begunOn: Int?, failed: @escaping @Sendable (AdapterFault) -> Void) {
        queue.async { [self] in
            defer { current.withLock { $0.queued -= 1 } }
            let writer = current.withLock { connection -> DescriptorWriter? in
                // A line cut short on a connection that has ended since is lost with it (its request is sent again).
                if let begunOn, begunOn != connection.generation { return nil }
                return connection.writer
            }
            guard let writer else { return }
            switch writer.write(rest) {
            case .written, .failed:
                // A failed write means the connection is ending; the reader decides whether that is a relaunch.
                return
            case .stalled:
                let fault = AdapterFault.notReading(after: stall)
                if let channel, channel.breakChannel(fault) { channel.handler.fault(fault) }
                _ = shutdown(writer.fd, Int32(SHUT_RDWR))
                failed(fault)
            }
        }
    }
}
