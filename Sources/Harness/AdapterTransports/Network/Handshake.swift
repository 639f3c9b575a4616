#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AdapterProtocol
import ConformanceCore
import Foundation

/// The `hello` exchange that opens every network connection, done on the raw socket before the connection is
/// handed to its `ProtocolChannel` (so the token never passes the wire tap, and a host that is not a mamconf
/// test host is named as such instead of breaking a case later).
enum Handshake {
    /// The request id of `hello`: a string, so it can never collide with the channel's numbered requests.
    static let requestID = RequestID.string("hello")
    /// How the token is given to the runner, for messages.
    static let tokenSpelling = "\(HelloParams.tokenVariable) (or --adapter-token)"

    /// What the host sent after its answer to `hello` (the events it queued while no runner was connected), for
    /// the session to read on from: the lines complete so far, and the splitter holding the start of the next one.
    /// The answer and those events arrive in one stream, so a read may end in the middle of an event.
    struct Leftover {
        var lines: [LineSplitter.Piece]
        var splitter: LineSplitter
    }

    /// Says hello on `fd` and waits for the answer until `deadline`. Returns what the host sent after the answer,
    /// to the last byte.
    static func greet(fd: Int32, address: AdapterAddress, token: String?, deadline: Date, lineLimit: Int) throws(AdapterFault) -> Leftover {
        let request = HelloRequest(HelloParams(token: token))
        let hello = Message.request(id: requestID, method: request.method.rawValue, params: request.encodedParams)
        let writer = DescriptorWriter(fd: fd, stall: .seconds(max(0.001, deadline.timeIntervalSinceNow)), isSocket: true)
        switch writer.write(hello.encodedLine()) {
        case .written: break
        case .stalled: throw .launchFailed("the test host at \(address.hostAndPort) does not read (hello could not be sent)")
        case .failed(let code): throw .launchFailed("the connection to \(address.hostAndPort) failed while sending hello: \(String(cString: strerror(code)))")
        }
        var splitter = LineSplitter(limit: lineLimit)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw .launchFailed("the test host at \(address.hostAndPort) did not answer hello within the handshake deadline")
            }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up)))
            if polled < 0 && errno == EINTR { continue }
            if polled <= 0 { continue }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                throw .launchFailed("the test host at \(address.hostAndPort) closed the connection before answering hello")
            }
            var pieces = splitter.feed(Data(buffer[0..<count]))
            while !pieces.isEmpty {
                let piece = pieces.removeFirst()
                guard case .line(let line) = piece else {
                    throw .launchFailed("\(address.hostAndPort) is not a mamconf test host: it sent an over-long line before answering hello")
                }
                if line.isEmpty { continue }
                guard let message = try? Message.decode(line: line) else {
                    throw .launchFailed("\(address.hostAndPort) is not a mamconf test host: it sent \(ProtocolChannel.quote(line.prefix(200)))")
                }
                switch message {
                case .response(let id, _) where id == requestID:
                    return Leftover(lines: pieces, splitter: splitter)
                case .errorResponse(let id, let error) where id == requestID || id == nil:
                    throw .launchFailed(refusal(error, address: address, tokenGiven: token != nil))
                default:
                    throw .launchFailed("the test host at \(address.hostAndPort) sent \(ProtocolChannel.quote(line.prefix(200))) before answering hello")
                }
            }
        }
    }

    private static func refusal(_ error: RPCError, address: AdapterAddress, tokenGiven: Bool) -> String {
        switch error.known {
        case .unauthorized?:
            return tokenGiven
                ? "the test host at \(address.hostAndPort) refused the token (\(error.message)); check \(tokenSpelling)"
                : "the test host at \(address.hostAndPort) needs a token: set \(tokenSpelling)"
        case .busy?:
            return "the test host at \(address.hostAndPort) is busy: another runner is connected"
        case .methodNotFound?:
            return "the adapter at \(address.hostAndPort) does not know hello: it does not speak the network transport of protocol v1"
        default:
            return "the test host at \(address.hostAndPort) refused hello: \(error)"
        }
    }
}
